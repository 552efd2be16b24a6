import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  LINE_NOT_FOUND_MESSAGE,
  listCharacters,
  reassignLine,
  type Script,
} from '@doublecast/common/scripts';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { scriptOf } from '../../../test/script';
import { importScript } from '../api/import-script';
import { LineReassign } from './line-reassign';

const content = 'ANNA: Hi.\nBEN: Hello.\n???: Who is at the door?\nBEN: Nobody.\n(A knock.)\n';

describe('LineReassign', () => {
  it('finds a line by its words and gives it to a character, saved on the server', async () => {
    const script = scriptOf(content);
    const fetchMock = mockFetch((_url, init) => {
      const { lineId, character } = JSON.parse(init.body as string);
      const analysis = reassignLine(script.analysis!, lineId, character)!;
      return jsonResponse({ ...script, analysis, characters: listCharacters(analysis) });
    });
    const onChanged = vi.fn();
    renderWithProviders(<LineReassign script={script} onChanged={onChanged} />);
    expect(screen.getByText('5 lines.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find a line by its words'), {
      target: { value: 'door' },
    });
    await waitFor(() => expect(screen.getByText('1 line.')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Who says line 3'), { target: { value: 'BEN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save who says line 3' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect((screen.getByLabelText('Who says line 3') as HTMLSelectElement).value).toBe('BEN');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/scripts/s1/reassign-line');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({
      lineId: 'l3',
      character: 'BEN',
    });
    const changed = onChanged.mock.calls[0]![0] as Script;
    expect(changed.characters.map((c) => [c.name, c.lineCount])).toEqual([
      ['ANNA', 1],
      ['BEN', 3],
    ]);
  });

  it('makes a line action, or gives it to a new name, and says why a save failed', async () => {
    const fetchMock = mockFetch(() =>
      errorResponse('invalid-argument', LINE_NOT_FOUND_MESSAGE, 400),
    );
    renderWithProviders(<LineReassign script={scriptOf(content)} onChanged={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Said by'), { target: { value: '???' } });
    const rows = () => within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Who says line 3'), { target: { value: '__new__' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save who says line 3' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a name');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Name of who says line 3'), {
      target: { value: 'Guard' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save who says line 3' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(LINE_NOT_FOUND_MESSAGE));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({
      lineId: 'l3',
      character: 'Guard',
    });
    fireEvent.change(screen.getByLabelText('Who says line 3'), { target: { value: '__action__' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save who says line 3' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string).character).toBeNull();
  });
});

describe('importScript', () => {
  it('hears each scanned page read and returns the script at the end of the stream', async () => {
    const script = scriptOf(content);
    const lines = [
      { type: 'progress', progress: { stage: 'ocr', done: 0, total: 2 } },
      { type: 'progress', progress: { stage: 'ocr', done: 1, total: 2 } },
      { type: 'progress', progress: { stage: 'ocr', done: 2, total: 2 } },
      {
        type: 'result',
        script: {
          ...script,
          summary: {
            characters: 3,
            speeches: 4,
            scenes: 0,
            pages: 2,
            pagesWithoutDialogue: 0,
            ocrPages: [1, 2],
          },
        },
      },
    ];
    // Sent in uneven pieces, as a network does.
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 37) controller.enqueue(bytes.subarray(i, i + 37));
        controller.close();
      },
    });
    const fetchMock = mockFetch(
      () => new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }),
    );
    const progress = vi.fn();
    const file = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
    const result = await importScript({ file, onProgress: progress });
    expect(progress.mock.calls.map((c) => c[0].done)).toEqual([0, 1, 2]);
    expect(result.summary.ocrPages).toEqual([1, 2]);
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).accept).toContain(
      'application/x-ndjson',
    );
  });

  it('throws the error a stream ends with', async () => {
    mockFetch(
      () =>
        new Response(
          `${JSON.stringify({ type: 'progress', progress: { stage: 'ocr', done: 0, total: 40 } })}\n${JSON.stringify({ type: 'error', status: 400, error: { code: 'invalid-argument', message: 'Too slow' } })}\n`,
          { headers: { 'content-type': 'application/x-ndjson' } },
        ),
    );
    const file = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
    await expect(importScript({ file })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'Too slow',
      status: 400,
    });
  });
});
