import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_FAILURE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  CONTACT_SUCCESS_MESSAGE,
} from '@doublecast/common/contact';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ContactForm } from './contact-form';

function renderForm(defaultEmail?: string) {
  return renderWithProviders(<ContactForm defaultEmail={defaultEmail} />);
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const fillAll = () => {
  type('Name', 'Ada Lovelace');
  type('Email', 'ada@example.com');
  type('Subject', 'Booking');
  type('Message', 'Can I book an actor for Friday?');
};
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));

describe('ContactForm', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses blank fields with the spec text, marks them, and clears it once they are filled', async () => {
    renderForm();
    fillAll();
    type('Subject', '   ');
    submit();
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe(CONTACT_REQUIRED_MESSAGE);
    // The blank field is marked and points at the message, which sits by the Send button.
    expect(field('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(field('Subject').getAttribute('aria-describedby')).toBe(message.id);
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(field('Message').compareDocumentPosition(message)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(
      message.compareDocumentPosition(screen.getByRole('button', { name: 'Send Message' })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await waitFor(() => expect(document.activeElement).toBe(field('Subject')));
    type('Subject', 'Booking');
    expect(screen.queryByText(CONTACT_REQUIRED_MESSAGE)).toBeNull();
    expect(field('Subject').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message, clears the form and shows the success text for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 'm1' }), { status: 201 }));
    renderForm();
    fillAll();
    submit();
    await screen.findByText(CONTACT_SUCCESS_MESSAGE);
    // The emptied form asks for nothing until it is sent again.
    expect(screen.queryByText(CONTACT_REQUIRED_MESSAGE)).toBeNull();

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/contact-messages');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Booking',
      message: 'Can I book an actor for Friday?',
    });
    expect(field('Name').value).toBe('');
    expect(field('Message').value).toBe('');

    act(() => vi.advanceTimersByTime(4800));
    expect(screen.getByText(CONTACT_SUCCESS_MESSAGE)).toBeTruthy();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText(CONTACT_SUCCESS_MESSAGE)).toBeNull();
  });

  it('shows the failure text when the server refuses, keeping what was typed', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 }),
    );
    renderForm();
    fillAll();
    submit();
    await screen.findByText(CONTACT_FAILURE_MESSAGE);
    expect(field('Name').value).toBe('Ada Lovelace');
  });

  it('prefills the signed-in email and lets the visitor change it', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 'm2' }), { status: 201 }));
    renderForm('member@example.com');
    expect(field('Email').value).toBe('member@example.com');
    type('Name', 'Member');
    type('Subject', 'Hi');
    type('Message', 'Hello');
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string);
    expect(body.email).toBe('member@example.com');

    type('Email', 'other@example.com');
    expect(field('Email').value).toBe('other@example.com');
  });
});
