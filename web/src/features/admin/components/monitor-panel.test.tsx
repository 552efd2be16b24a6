import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MONITOR_TEXTS } from '@doublecast/common/monitor';
import { MonitorPanel } from './monitor-panel';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';

const w = { range: '24h', from: '2026-03-14T12:00:00.000Z', to: '2026-03-15T12:00:00.001Z' };
const empty = {
  cards: {
    ...w,
    totalRequests: 0,
    totalCharacters: 0,
    errors: 0,
    successRate: 0,
    averageLatencySeconds: 0,
    averageStability: 0,
    averageSimilarity: 0,
    totalCostUsd: 0,
    costPerCharacterUsd: 0,
    byEngine: [],
  },
  hourly: { ...w, buckets: [] },
  voices: { ...w, voices: [] },
  recent: { ...w, requests: [] },
  trends: {
    to: w.to,
    daily: { requests: 0, characters: 0, costUsd: 0 },
    weekly: { requests: 0, characters: 0, costUsd: 0 },
    monthly: { requests: 0, characters: 0, costUsd: 0 },
  },
  providers: {
    providers: [{ engine: 'elevenlabs', label: 'ElevenLabs', usdPer1000Characters: 0.18 }],
    name: 'ElevenLabs',
  },
};
const busy = {
  ...empty,
  cards: {
    ...empty.cards,
    totalRequests: 2,
    totalCharacters: 1000,
    errors: 1,
    successRate: 50,
    averageLatencySeconds: 1.25,
    averageStability: 0.5,
    averageSimilarity: 0.75,
    totalCostUsd: 0.09,
    costPerCharacterUsd: 0.00009,
    byEngine: [{ engine: 'elevenlabs', requests: 2, characters: 1000, costUsd: 0.09 }],
  },
  voices: {
    ...w,
    voices: [{ name: 'Rachel', shortId: 'abc123', requests: 2, characters: 1000, share: 100 }],
  },
  recent: {
    ...w,
    requests: [
      {
        id: 'r2',
        time: '2026-03-15T11:59:00.000Z',
        shortUserId: 'user1234',
        voiceName: 'Rachel',
        characters: 400,
        latencySeconds: 0.5,
        success: false,
        error: 'unavailable: The voice provide',
      },
      {
        id: 'r1',
        time: '2026-03-15T11:58:00.000Z',
        shortUserId: 'user1234',
        voiceName: 'Rachel',
        characters: 600,
        latencySeconds: 2,
        success: true,
        error: null,
      },
    ],
  },
};

function renderPanel(data: Record<string, unknown>) {
  const fetchMock = mockFetch((url) => {
    const panel = /\/api\/admin\/monitor\/(\w+)/.exec(url)![1]!;
    return jsonResponse(data[panel]);
  });
  renderWithProviders(<MonitorPanel />);
  return fetchMock;
}

describe('MonitorPanel', () => {
  let sources: { url: string; closed: boolean }[];
  beforeEach(() => {
    sources = [];
    vi.stubGlobal(
      'EventSource',
      class {
        closed = false;
        constructor(readonly url: string) {
          sources.push(this);
        }
        addEventListener() {}
        close() {
          this.closed = true;
        }
      },
    );
  });

  it('says what it is loading, then shows the empty texts for an empty range', async () => {
    renderPanel(empty);
    expect(screen.getByText(MONITOR_TEXTS.loading('voice provider'))).toBeTruthy();
    expect(await screen.findByText(MONITOR_TEXTS.noData)).toBeTruthy();
    expect(await screen.findByText(MONITOR_TEXTS.noVoices)).toBeTruthy();
    expect(await screen.findByText(MONITOR_TEXTS.noRecent)).toBeTruthy();
    expect((screen.getByLabelText('Time range') as HTMLSelectElement).value).toBe('24h');
    expect((screen.getByLabelText('Refresh interval') as HTMLSelectElement).value).toBe('60000');
  });

  it('shows the cards, top voices and recent requests with accessible status', async () => {
    const fetchMock = renderPanel(busy);
    expect(await screen.findByText('50.0%')).toBeTruthy();
    expect(screen.getByText('1.25s')).toBeTruthy();
    expect(screen.getByText('0.50 / 0.75')).toBeTruthy();
    expect(screen.getByText('$0.09')).toBeTruthy();
    const voices = screen.getByRole('region', { name: 'Top Voice Usage' });
    expect(within(voices).getByText('abc123')).toBeTruthy();
    expect(within(voices).getByText('100.0%')).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Recent Requests' });
    const rows = within(recent).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('unavailable: The voice provide')).toBeTruthy();
    expect(within(rows[1]!).getByText('Success')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Time range'), { target: { value: '7d' } });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => u === '/api/admin/monitor/cards?range=7d')).toBe(
        true,
      ),
    );
  });

  it('real-time mode opens the event stream and turns off the interval and Refresh Now', async () => {
    renderPanel(busy);
    await screen.findByText('50.0%');
    const refresh = screen.getByRole('button', { name: 'Refresh Now' }) as HTMLButtonElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Real-time' }));
    expect(sources.map((s) => s.url)).toEqual(['/api/admin/monitor/events']);
    expect(refresh.disabled).toBe(true);
    expect((screen.getByLabelText('Refresh interval') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Real-time' }));
    expect(sources[0]!.closed).toBe(true);
  });
});
