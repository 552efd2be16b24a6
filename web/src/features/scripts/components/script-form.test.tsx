import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SCRIPT_CONTENT_REQUIRED,
  SCRIPT_MESSAGES,
  SCRIPT_TITLE_REQUIRED,
} from '@doublecast/common/scripts';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ScriptForm } from './script-form';

function renderForm(onDone = vi.fn()) {
  renderWithProviders(<ScriptForm script={null} onDone={onDone} />);
  return onDone;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const addTag = (text: string) => {
  type('Tags', text);
  fireEvent.keyDown(screen.getByLabelText('Tags'), { key: 'Enter' });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save Script' }));
const tags = () =>
  within(screen.getByRole('list', { name: 'Tags added' }))
    .queryAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);

describe('ScriptForm', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('adds tags with Enter, trimmed, never twice, and removes them', () => {
    renderForm();
    addTag('  drama ');
    addTag('Drama');
    addTag('   ');
    addTag('duo');
    expect(tags()).toEqual(['drama', 'duo']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag drama' }));
    expect(tags()).toEqual(['duo']);
  });

  it('requires a title and the script text, each message beside its field until it is fixed', async () => {
    renderForm();
    submit();
    const title = screen.getByLabelText('Title');
    const script = screen.getByLabelText('Script');
    const messageOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(messageOf(title)).toBe(SCRIPT_TITLE_REQUIRED);
    expect(messageOf(script)).toBe(SCRIPT_CONTENT_REQUIRED);
    await waitFor(() => expect(document.activeElement).toBe(title));
    type('Title', 'Kitchen');
    // Fixed, so gone, before any other submit.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      SCRIPT_CONTENT_REQUIRED,
    ]);
    type('Script', 'ANNA\nHi.');
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refused save is shown beside the button until the script is changed', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 }),
    );
    renderForm();
    type('Title', 'Kitchen');
    type('Script', 'ANNA\nHi.');
    submit();
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe(SCRIPT_MESSAGES.save);
    expect(
      refusal.nextElementSibling?.contains(screen.getByRole('button', { name: 'Save Script' })),
    ).toBe(true);
    type('Title', 'Kitchen scene');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts words and characters and lists the characters as the text is typed', () => {
    renderForm();
    type('Script', 'ANNA\nHi there.\n\nBEN\nHello.');
    expect(screen.getByText('5 words · 26 characters')).toBeTruthy();
    expect(screen.getByLabelText('Rename ANNA')).toBeTruthy();
    expect(screen.getByLabelText('Rename BEN')).toBeTruthy();
  });

  it('merges a character into another by renaming, and sends the corrected lines', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 }),
    );
    renderForm();
    type('Title', 'Typos');
    type('Script', 'ANNA\nOne.\n\nANA\nTwo.\n');
    fireEvent.change(screen.getByLabelText('Rename ANA'), { target: { value: 'anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.queryByLabelText('Rename ANA')).toBeNull();
    expect(screen.getByText('2 lines')).toBeTruthy();
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SCRIPT_MESSAGES.save));
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string);
    expect(body.analysis.lines.map((l: { character: string }) => l.character)).toEqual([
      'ANNA',
      'ANNA',
    ]);
  });
});
