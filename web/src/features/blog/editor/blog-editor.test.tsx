import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BLOG_CONTENT_REQUIRED,
  BLOG_DRAFT_HELP,
  BLOG_PUBLISH_HELP,
  BLOG_TITLE_REQUIRED,
} from '@doublecast/common/blog';
import { BlogEditor, UNSAVED_CHANGES_MESSAGE, UNSAVED_CHANGES_TITLE } from './blog-editor';
import { mockFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';

function renderEditor() {
  return renderRoutes(
    [
      { path: '/admin/blog/create', element: <BlogEditor /> },
      { path: '/admin/blog', element: <p>Manager</p> },
    ],
    { at: '/admin/blog/create' },
  );
}

describe('BlogEditor', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('has labelled fields, a toolbar with pressed states, and the publish help texts', () => {
    renderEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Post' })).toBeTruthy();
    for (const name of ['Title *', 'Excerpt (optional)', 'Author', 'Tags (comma-separated)']) {
      expect(screen.getByRole('textbox', { name })).toBeTruthy();
    }
    expect(screen.getByRole('textbox', { name: 'Content *' })).toBeTruthy();
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    expect(bold.getAttribute('aria-keyshortcuts')).toBe('Control+B');
    const publish = screen.getByRole('checkbox', { name: 'Publish immediately' });
    expect(screen.getByText(BLOG_DRAFT_HELP)).toBeTruthy();
    fireEvent.click(publish);
    expect(screen.getByText(BLOG_PUBLISH_HELP)).toBeTruthy();
  });

  it('puts each message beside its field, moves focus to the first, and clears it once fixed', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    const title = screen.getByRole('textbox', { name: 'Title *' });
    const content = screen.getByRole('textbox', { name: 'Content *' });
    // Each field names its own message, announced as it appears.
    const messageOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(title)?.textContent).toBe(BLOG_TITLE_REQUIRED);
    expect(messageOf(title)?.getAttribute('role')).toBe('alert');
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(content)?.textContent).toBe(BLOG_CONTENT_REQUIRED);
    // Beside the field: the message follows it in the form, not at the top.
    expect(title.compareDocumentPosition(messageOf(title)!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await waitFor(() => expect(document.activeElement).toBe(title));

    // Typing a title takes its message away at once; the content's stays.
    fireEvent.change(title, { target: { value: 'Cold reads' } });
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(BLOG_TITLE_REQUIRED)).toBeNull();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([BLOG_CONTENT_REQUIRED]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a preview only for an https image', async () => {
    renderEditor();
    const image = screen.getByRole('textbox', { name: 'Featured Image URL' });
    fireEvent.change(image, { target: { value: 'http://example.com/a.png' } });
    expect(screen.queryByRole('img', { name: 'Featured image preview' })).toBeNull();
    fireEvent.change(image, { target: { value: 'https://example.com/a.png' } });
    expect(screen.getByRole('img', { name: 'Featured image preview' })).toBeTruthy();
  });

  it('asks before leaving with unsaved changes: Stay keeps the text, Leave goes, Back is asked too', () => {
    const { history } = renderEditor();
    act(() => history.push('/admin/blog'));
    expect(screen.getByText('Manager')).toBeTruthy();
    act(() => history.go(-1));
    const title = screen.getByRole('textbox', { name: 'Title *' });
    fireEvent.change(title, { target: { value: 'Cold reads' } });

    act(() => history.push('/admin/blog'));
    const dialog = screen.getByRole('dialog', { name: UNSAVED_CHANGES_TITLE });
    expect(dialog.textContent).toContain(UNSAVED_CHANGES_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TITLE })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title *' }).value).toBe(
      'Cold reads',
    );

    act(() => history.go(1));
    expect(screen.getByRole('dialog', { name: UNSAVED_CHANGES_TITLE })).toBeTruthy();
    expect(history.location.pathname).toBe('/admin/blog/create');
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('Manager')).toBeTruthy();
  });
});
