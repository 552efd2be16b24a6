import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  listCharacters,
  renameCharacter,
  summariseAnalysis,
  type Script,
} from '@doublecast/common/scripts';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { scriptOf } from '../../../test/script';
import { ImportReview } from './import-review';

const content = 'ANNA: Hi.\nBEN: Hello.\nANA: Who is at the door?\n';
const script = scriptOf(content);
const analysis = script.analysis!;

function renderReview(onChange = vi.fn()) {
  renderWithProviders(
    <ImportReview
      script={script}
      summary={summariseAnalysis(analysis)}
      onChange={onChange}
      onCheckLines={vi.fn()}
      onClose={vi.fn()}
    />,
  );
  return onChange;
}

describe('ImportReview', () => {
  it('merges a character by giving it another name, saved on the server', async () => {
    const fetchMock = mockFetch((_url, init) => {
      const { from, to } = JSON.parse(init.body as string);
      const merged = renameCharacter(analysis, from, to);
      return jsonResponse({ ...script, analysis: merged, characters: listCharacters(merged) });
    });
    const onChange = renderReview();
    fireEvent.change(screen.getByLabelText('New name for ANA'), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename or merge ANA' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/scripts/s1/rename-character');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({
      from: 'ANA',
      to: 'Anna',
    });
    const changed = onChange.mock.calls[0]![0] as Script;
    expect(changed.characters.map((c) => [c.name, c.lineCount])).toEqual([
      ['ANNA', 2],
      ['BEN', 1],
    ]);
  });

  it('asks for a name beside the field, and says why a rename failed', async () => {
    const fetchMock = mockFetch(() =>
      errorResponse('invalid-argument', 'That name cannot be used.', 400),
    );
    renderReview();
    const field = screen.getByLabelText('New name for BEN');
    fireEvent.click(screen.getByRole('button', { name: 'Rename or merge BEN' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please enter a name');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'Benedict' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename or merge BEN' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('That name cannot be used.'),
    );
  });
});
