import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Voice } from '@doublecast/common/voices';
import { VoicePicker, filterVoices, studioGroupOf } from './voice-picker';

const voice = (
  id: string,
  name: string,
  gender: 'male' | 'female',
  age: string,
  category: Voice['category'],
  bestFor: string[] = [],
): Voice => ({
  id,
  name,
  originalName: name,
  description: `${name} reads well`,
  labels: { gender, age, accent: 'american', useCase: null },
  bestFor,
  category,
  previewUrl: `/api/voices/${id}/preview`,
  featured: true,
  engine: 'local',
});

const voices = [
  voice('tom', 'Tom', 'male', 'middle', 'men', ['audiobooks']),
  voice('ava', 'Ava', 'female', 'middle', 'women'),
  voice('kev', 'Kevin', 'male', 'young', 'men'),
  voice('lily', 'Lily', 'female', 'child', 'children'),
];

describe('studio voice groups', () => {
  it('treats young or child age as children, otherwise goes by gender', () => {
    expect(voices.map(studioGroupOf)).toEqual(['men', 'women', 'children', 'children']);
  });

  it.each([
    ['all', '', ['tom', 'ava', 'kev', 'lily']],
    ['men', '', ['tom']],
    ['women', '', ['ava']],
    ['children', '', ['kev', 'lily']],
    ['all', 'AUDIO', ['tom']],
    ['children', 'li', ['lily']],
  ] as const)('%s with search %j', (filter, search, ids) => {
    expect(filterVoices(voices, filter, search).map((v) => v.id)).toEqual(ids);
  });
});

describe('VoicePicker', () => {
  it('filters by group and search and reports the chosen voice, favourites first', async () => {
    const onChoose = vi.fn();
    render(
      <VoicePicker
        voices={voices}
        favorites={['lily']}
        recent={[]}
        onChoose={onChoose}
        onToggleFavorite={() => undefined}
      />,
    );
    const list = () => within(screen.getByRole('list', { name: 'Voices' }));
    expect(list().getAllByRole('button', { name: /^Choose / })[0]).toHaveProperty(
      'textContent',
      expect.stringContaining('Lily'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Men' }));
    expect(screen.getByRole('button', { name: 'Men' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      list()
        .getAllByRole('button', { name: /^Choose / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Choose Tom']);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await userEvent.type(screen.getByLabelText('Search voices'), 'ava');
    await userEvent.click(list().getByRole('button', { name: 'Choose Ava' }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 'ava' }));
    await userEvent.clear(screen.getByLabelText('Search voices'));
    await userEvent.type(screen.getByLabelText('Search voices'), 'nobody');
    expect(screen.getByText('No voices match your search.')).toBeTruthy();
  });
});

describe('VoicePicker while the voices load', () => {
  it('draws its filters and search disabled over a full-height list saying it is loading', () => {
    render(
      <VoicePicker
        voices={null}
        favorites={[]}
        recent={[]}
        onChoose={vi.fn()}
        onToggleFavorite={vi.fn()}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading voices...');
    // As tall as the list's most (max-h-[26rem]): the steps below stay where they are.
    expect(status.className).toContain('h-[26rem]');
    expect(screen.getByLabelText('Search voices')).toHaveProperty('disabled', true);
    for (const name of ['All', 'Men', 'Women', 'Children']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
    expect(screen.queryByRole('list', { name: 'Voices' })).toBeNull();
  });
});
