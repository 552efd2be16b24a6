import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VOICES_ERRORS, type Voice } from '@doublecast/common/voices';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { VoiceCatalogue } from './voice-catalogue';

const voice = (
  id: string,
  name: string,
  category: Voice['category'],
  accent = 'american',
  engine: Voice['engine'] = 'local',
): Voice => ({
  id,
  name,
  originalName: name,
  description: `${name} reads your lines. `.repeat(8),
  labels: {
    gender: category === 'women' ? 'female' : 'male',
    age: 'middle',
    accent,
    useCase: null,
  },
  bestFor: ['narration', 'drama', 'comedy', 'audiobooks'],
  category,
  previewUrl: `/api/voices/${id}/preview?v=abc`,
  featured: true,
  engine,
});
const VOICES = [
  voice('v1', 'Tom', 'men'),
  voice('v2', 'Alan', 'men', 'scottish'),
  voice('v3', 'Sally', 'women'),
  voice('v4', 'Lily', 'children'),
];

const json = (status: number, body: unknown) => jsonResponse(body, status);

function renderCatalogue(props: { signedIn?: boolean; autoplay?: string | null } = {}) {
  return renderWithProviders(
    <VoiceCatalogue signedIn={props.signedIn ?? false} autoplay={props.autoplay ?? null} />,
  );
}

describe('VoiceCatalogue', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
  beforeEach(() => {
    fetchMock = mockFetch();
    play = vi.fn<() => Promise<void>>().mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it.each([
    [
      'unauthenticated',
      json(401, { error: { code: 'unauthenticated', message: 'x' } }),
      VOICES_ERRORS.unauthenticated,
    ],
    [
      'unavailable',
      json(503, { error: { code: 'unavailable', message: 'x' } }),
      VOICES_ERRORS.unavailable,
    ],
    [
      'internal',
      json(500, { error: { code: 'internal', message: 'Internal error' } }),
      'Server error: Internal error',
    ],
    ['empty', json(200, { voices: [] }), VOICES_ERRORS.empty],
  ])(
    'shows the spec text for a %s failure and loads again with Try Again',
    async (_label, response, text) => {
      fetchMock
        .mockResolvedValueOnce(response)
        .mockResolvedValueOnce(json(200, { voices: VOICES }));
      renderCatalogue();
      expect((await screen.findByRole('alert')).textContent).toContain(text);
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByRole('heading', { name: 'Tom' })).toBeTruthy();
    },
  );

  it('shows the network failure text when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderCatalogue();
    expect((await screen.findByRole('alert')).textContent).toContain(VOICES_ERRORS.other);
  });

  it('counts categories, shows search once one is chosen, and clears filters from the empty state', async () => {
    fetchMock.mockResolvedValue(json(200, { voices: VOICES }));
    renderCatalogue();
    const men = await screen.findByRole('button', { name: 'MEN (2)' });
    expect(screen.getByRole('button', { name: 'WOMEN (1)' })).toBeTruthy();
    expect(screen.queryByLabelText('Search voices')).toBeNull();
    fireEvent.click(men);
    expect(men.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Sally' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Search voices'), { target: { value: 'scottish' } });
    expect(screen.getByRole('heading', { name: 'Alan' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tom' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Search voices'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    const card = screen.getByRole('listitem', { name: 'Tom' });
    expect(card.textContent).toContain('…');
    const tags = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(
      tags.filter((t) => ['narration', 'drama', 'comedy', 'audiobooks'].includes(t ?? '')),
    ).toEqual(['narration', 'drama', 'comedy']);
  });

  it('labels each voice with the engine that reads it', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        voices: [
          voice('v1', 'Tom', 'men'),
          voice('v5', 'Bella', 'women', 'american', 'openai'),
          voice('v6', 'Amy', 'women', 'american', 'neural'),
        ],
      }),
    );
    renderCatalogue();
    const engineOf = async (name: string) =>
      within(
        within(await screen.findByRole('listitem', { name })).getByRole('list', {
          name: 'Voice details',
        }),
      ).getAllByRole('listitem')[0]!.textContent;
    expect(await engineOf('Tom')).toBe('Engine: Basic (offline)');
    expect(await engineOf('Bella')).toBe('Engine: Speech server');
    expect(await engineOf('Amy')).toBe('Engine: Neural');
  });

  it('plays one preview at a time and offers Try in Studio once it has ended', async () => {
    fetchMock.mockResolvedValue(json(200, { voices: VOICES }));
    const { container } = renderCatalogue({ signedIn: true });
    const tom = await screen.findByRole('listitem', { name: 'Tom' });
    fireEvent.click(within(tom).getByRole('button', { name: /^Preview Voice/ }));
    const playing = within(tom).getByRole('button', { name: /^Playing\.\.\./ });
    expect((playing as HTMLButtonElement).disabled).toBe(true);
    const audio = container.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('/api/voices/v1/preview?v=abc');
    expect(within(tom).queryByRole('link', { name: /Try in Studio/ })).toBeNull();
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(
      within(tom)
        .getByRole('link', { name: /Try in Studio/ })
        .getAttribute('href'),
    ).toBe('/studio?voice=v1');
    expect(within(tom).getByRole('button', { name: /^Preview Voice/ })).toBeTruthy();
  });

  it('makes a fresh preview when the stored one fails, then reports the failure', async () => {
    fetchMock.mockResolvedValue(json(200, { voices: VOICES }));
    const { container } = renderCatalogue();
    const alan = await screen.findByRole('listitem', { name: 'Alan' });
    fireEvent.click(within(alan).getByRole('button', { name: /^Preview Voice/ }));
    const audio = container.querySelector('audio')!;
    act(() => {
      audio.dispatchEvent(new Event('error'));
    });
    expect(audio.getAttribute('src')).toBe('/api/voices/v2/preview?fresh=1');
    act(() => {
      audio.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText(VOICES_ERRORS.previewGenerate)).toBeTruthy();
    expect(within(alan).getByRole('button', { name: /^Preview Voice/ })).toBeTruthy();
  });

  it('links a visitor to sign-in, and autoplay=tom selects Men and previews Tom after 500 ms', async () => {
    fetchMock.mockResolvedValue(json(200, { voices: VOICES }));
    const { container } = renderCatalogue({ autoplay: 'tom' });
    expect(
      (await screen.findByRole('button', { name: 'MEN (2)' })).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(play).not.toHaveBeenCalled();
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1), { timeout: 2000 });
    const tom = screen.getByRole('listitem', { name: 'Tom' });
    expect(within(tom).getByRole('button', { name: /^Playing\.\.\./ })).toBeTruthy();
    act(() => {
      container.querySelector('audio')!.dispatchEvent(new Event('ended'));
    });
    expect(
      within(tom)
        .getByRole('link', { name: /Try in Studio/ })
        .getAttribute('href'),
    ).toBe('/signin?redirect=/studio&voice=v1');
  });
});
