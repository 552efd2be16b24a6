import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cuePauseMs } from '@doublecast/common/rehearsal';
import type { Script } from '@doublecast/common/scripts';
import { parseScript } from '@doublecast/common/script-parser/parse-script';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { RehearsalPlayer } from './rehearsal-player';

const content = 'ANNA\nYou are late.\n\nBEN\nI know.\n\nANNA\nSit down, please.\n\nBEN\nFine.\n';
const script: Script = {
  id: 's1',
  title: 'Kitchen',
  content,
  characters: [],
  analysis: parseScript(content),
  tags: [],
  isArchived: false,
  isFavorite: false,
  isSample: false,
  wordCount: 0,
  characterCount: 0,
  createdAt: '',
  updatedAt: '',
  lastOpenedAt: null,
};
const input = { scriptId: 's1', role: 'BEN', voices: { ANNA: 'v-ann' } };

let played: string[];
let fetchMock: ReturnType<typeof mockFetch>;
const statusText = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent)
    .join(' ');
const currentLine = () => document.querySelector('li[aria-current="step"]')?.textContent ?? '';
const finishAudio = async () => {
  const audio = document.querySelector('audio')!;
  await act(async () => {
    audio.dispatchEvent(new Event('ended'));
    await Promise.resolve();
  });
};
const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

describe('RehearsalPlayer', () => {
  beforeEach(() => {
    played = [];
    localStorage.clear();
    fetchMock = mockFetch((url, init) => {
      if (String(url).includes('/api/rehearsal/runs'))
        return jsonResponse({ runs: [], nextCursor: null });
      const { lineId } = JSON.parse(init.body as string) as { lineId: string };
      return new Response(new Blob([lineId], { type: 'audio/mpeg' }), { status: 200 });
    });
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:line-${++n}`);
    URL.revokeObjectURL = vi.fn();
    Element.prototype.scrollIntoView = vi.fn();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      played.push(this.src);
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('plays the partner, waits at my line for Continue or Space, and fetches ahead', async () => {
    renderWithProviders(<RehearsalPlayer script={script} input={input} />);
    await flush();
    // Both of ANNA's lines were fetched before anything was played.
    const lineFetches = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/line-audio')).length;
    expect(lineFetches()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play scene' }));
    await flush();
    expect(played).toHaveLength(1);
    expect(statusText()).toContain('ANNA is speaking');
    await finishAudio();
    await flush();
    expect(statusText()).toContain('Your line. Tap Continue or press Space');
    expect(currentLine()).toContain('I know.');
    fireEvent.keyDown(document.body, { key: ' ' });
    await flush();
    expect(played).toHaveLength(2);
    await finishAudio();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    expect(statusText()).toContain('End of scene');
  });

  it('keeps the run going when the page renders again with an equal cast and script', async () => {
    const { rerender, client } = renderWithProviders(
      <RehearsalPlayer script={script} input={input} />,
    );
    await flush();
    const lineFetches = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/line-audio')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Play scene' }));
    await flush();
    expect(statusText()).toContain('ANNA is speaking');
    // What the run page hands over on each render: new objects, the same cast and lines.
    rerender(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/']}>
          <RehearsalPlayer
            script={{ ...script, lastOpenedAt: '2026-01-01T00:00:00.000Z' }}
            input={{ ...input, voices: { ...input.voices } }}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await flush();
    expect(lineFetches()).toBe(2);
    await finishAudio();
    await flush();
    expect(statusText()).toContain('Your line. Tap Continue or press Space');
    expect(played).toHaveLength(1);
  });

  it('hides my lines or shows first letters, and "Line?" reveals the current one', async () => {
    renderWithProviders(<RehearsalPlayer script={script} input={input} />);
    fireEvent.change(screen.getByLabelText('My lines'), { target: { value: 'initials' } });
    expect(screen.getByText('I k.')).toBeTruthy();
    expect(screen.getByText('F.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('My lines'), { target: { value: 'hidden' } });
    expect(screen.getAllByText('Your line (hidden)')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play scene' }));
    await flush();
    await finishAudio();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Line?' }));
    expect(currentLine()).toContain('I know.');
    expect(screen.getAllByText('Your line (hidden)')).toHaveLength(1);
  });

  it('in timed mode moves on after the pause sized to the line, shortened by the speed', async () => {
    renderWithProviders(<RehearsalPlayer script={script} input={input} />);
    fireEvent.change(screen.getByLabelText('At my lines, go on'), { target: { value: 'timed' } });
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play scene' }));
    await flush();
    expect(document.querySelector('audio')!.playbackRate).toBe(1.5);
    vi.useFakeTimers();
    await finishAudio();
    await flush();
    expect(currentLine()).toContain('I know.');
    const pause = cuePauseMs('I know.') / 1.5;
    await act(async () => {
      vi.advanceTimersByTime(pause - 50);
    });
    expect(played).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    vi.useRealTimers();
    await flush();
    expect(played).toHaveLength(2);
    expect(currentLine()).toContain('Sit down, please.');
  });

  it('loops a range and jumps to any line', async () => {
    renderWithProviders(<RehearsalPlayer script={script} input={input} />);
    fireEvent.click(screen.getByLabelText('Loop'));
    fireEvent.change(screen.getByLabelText('Loop from line'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Loop to line'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play scene' }));
    await flush();
    await finishAudio();
    await flush();
    expect(currentLine()).toContain('I know.');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await flush();
    // Line 2 ends the loop: back to line 1, not on to line 3.
    expect(currentLine()).toContain('You are late.');
    expect(played).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /Sit down, please/ }));
    await flush();
    expect(currentLine()).toContain('Sit down, please.');
    expect(played).toHaveLength(3);
  });
});
