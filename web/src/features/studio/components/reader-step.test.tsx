import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STUDIO_TEXTS } from '@doublecast/common/studio';
import type { Voice } from '@doublecast/common/voices';
import { ReaderStep } from './reader-step';

const tom: Voice = {
  id: 'tom',
  name: 'Tom',
  originalName: 'Tom',
  description: 'Tom reads well',
  labels: { gender: 'male', age: 'middle', accent: 'american', useCase: null },
  bestFor: [],
  category: 'men',
  previewUrl: '/api/voices/tom/preview',
  featured: true,
  engine: 'local',
};

function renderStep(state: { isLoading?: boolean; isError?: boolean; voice?: Voice | null }) {
  const onRetry = vi.fn();
  render(
    <ReaderStep
      voices={[tom]}
      isLoading={state.isLoading ?? false}
      isError={state.isError ?? false}
      onRetry={onRetry}
      voice={state.voice ?? null}
      defaultVoiceId={null}
      favorites={[]}
      recent={[]}
      onChoose={vi.fn()}
      onMakeDefault={vi.fn()}
      onToggleFavorite={vi.fn()}
    />,
  );
  return { onRetry };
}

describe('ReaderStep', () => {
  it('shows the picker loading while the voices load', () => {
    renderStep({ isLoading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading voices...');
    expect(screen.queryByRole('button', { name: 'Choose Tom' })).toBeNull();
  });

  it('shows the loaded voices to choose from when no voice is chosen', () => {
    renderStep({});
    expect(screen.getByRole('button', { name: 'Choose Tom' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the chosen voice instead of the picker', () => {
    renderStep({ voice: tom });
    expect(screen.getByText('Your reader')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Voices' })).toBeNull();
  });

  it.each([false, true])(
    'shows the load error with Try Again (still loading the rest: %s)',
    async (isLoading) => {
      const { onRetry } = renderStep({ isError: true, isLoading });
      expect(screen.getByRole('alert').textContent).toBe(STUDIO_TEXTS.loadVoicesFailed);
      expect(screen.queryByRole('status')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(onRetry).toHaveBeenCalledOnce();
    },
  );
});
