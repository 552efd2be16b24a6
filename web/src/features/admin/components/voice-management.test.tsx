import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminVoice } from '@doublecast/common/voices';
import { VoiceManagementPanel } from './voice-management';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';

const voice: AdminVoice = {
  id: 'v1',
  name: 'Tom',
  originalName: 'Tom',
  description: null,
  labels: { gender: 'male', age: 'middle', accent: 'american', useCase: null },
  bestFor: [],
  category: 'men',
  previewUrl: '/api/voices/v1/preview',
  featured: true,
  engine: 'local',
  providerVoiceId: 'tom',
  enabled: true,
  available: true,
};

describe('VoiceManagementPanel', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let current: AdminVoice;
  beforeEach(() => {
    current = voice;
    fetchMock = mockFetch((url, init) => {
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { voiceNames: Record<string, string> };
        current = { ...current, name: body.voiceNames.v1 || current.originalName };
        return jsonResponse({ updated: 1 });
      }
      if (url.endsWith('/api/admin/voices/import'))
        return errorResponse('unavailable', 'down', 503);
      return jsonResponse({ voices: [current], provider: 'ElevenLabs' });
    });
  });

  const renderPanel = () => renderWithProviders(<VoiceManagementPanel />);
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT');

  it('renames on Enter, shows the original name, and Escape cancels without saving', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit display name of Tom' }));
    const field = screen.getByRole('textbox', { name: 'Display name of Tom' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Thomas' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    const button = await screen.findByRole('button', { name: 'Edit display name of Tom' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(puts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Edit display name of Tom' }));
    const again = screen.getByRole('textbox', { name: 'Display name of Tom' });
    fireEvent.change(again, { target: { value: 'Thomas' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    fireEvent.blur(again);
    expect(await screen.findByText('Voice names updated successfully!')).toBeTruthy();
    expect(await screen.findByText('Original name: Tom')).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0]![1].body))).toEqual({ voiceNames: { v1: 'Thomas' } });
  });

  it('saves on blur and names the provider when an import fails', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit display name of Tom' }));
    const field = screen.getByRole('textbox', { name: 'Display name of Tom' });
    fireEvent.change(field, { target: { value: 'Tommy' } });
    fireEvent.blur(field);
    await waitFor(() => expect(puts()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Import Voices from ElevenLabs' }));
    expect(await screen.findByText('Failed to import voices from ElevenLabs')).toBeTruthy();
  });
});
