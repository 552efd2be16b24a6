import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  BLOG_AUTOSAVE_MS,
  BLOG_BACK_TO_MANAGER,
  BLOG_CANCEL_CONFIRM,
  BLOG_CREATE_NEW_POST,
  BLOG_CREATED,
  BLOG_DRAFT_HELP,
  BLOG_EDIT_POST,
  BLOG_EDITOR_LOAD_ERROR,
  BLOG_POST_NOT_FOUND_ERROR,
  BLOG_PUBLISH_HELP,
  BLOG_SAVE_ERROR,
  BLOG_UPDATED,
  isHttpsUrl,
  type BlogAdminPost,
} from '@doublecast/common/blog';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useNavigationBlocker } from '../../../lib/navigation-guard';
import { userMessage } from '../../../lib/user-message';
import { useAdminBlogPost, useSaveBlogPost } from '../api/manage-blog-posts';
import { useFormMessages } from '../../../lib/use-form-messages';
import {
  blogEditorErrors,
  emptyBlogEditorFields,
  toBlogPostInput,
  type BlogEditorFields,
} from './editor-form';
import { RichTextEditor } from './rich-text-editor';

export const UNSAVED_CHANGES_TITLE = 'Leave this page?';
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. They will be lost if you leave.';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

function fieldsOf(post: BlogAdminPost): BlogEditorFields {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    author: post.author,
    tags: post.tags.join(', '),
    featuredImage: post.featuredImage,
    published: post.published,
  };
}

const same = (a: BlogEditorFields, b: BlogEditorFields) => JSON.stringify(a) === JSON.stringify(b);

/** /admin/blog/edit/{id}: loads the post, then the form; "Post not found" when it is gone. */
export function EditBlogPost({ id }: { id: string }) {
  const post = useAdminBlogPost(id);
  if (post.isPending) return <p role="status">Loading...</p>;
  if (post.isError) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <Frame title={BLOG_EDIT_POST}>
        <Alert tone="error">{missing ? BLOG_POST_NOT_FOUND_ERROR : BLOG_EDITOR_LOAD_ERROR}</Alert>
        <ButtonLink className="mt-6" variant="secondary" to="/admin/blog">
          {BLOG_BACK_TO_MANAGER}
        </ButtonLink>
      </Frame>
    );
  }
  return <BlogEditor key={post.data.id} saved={post.data} />;
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 pt-12 pb-24 sm:px-6 sm:pt-16">
      <title>{`${title} - Doublecast`}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{title}</h1>
      <div className="mt-8">{children}</div>
    </div>
  );
}

/**
 * The blog editor: a new post when `saved` is absent, otherwise that post. Saving stays on the
 * page (a new post's address becomes its edit address). A draft with changes is saved in the
 * background every BLOG_AUTOSAVE_MS once it exists on the server; leaving with unsaved changes
 * asks first, both for links inside the app and for closing or reloading the tab.
 */
export function BlogEditor({ saved: loaded }: { saved?: BlogAdminPost }) {
  const navigate = useNavigate();
  const save = useSaveBlogPost();
  const [saved, setSaved] = useState<BlogAdminPost | undefined>(loaded);
  const [baseline, setBaseline] = useState<BlogEditorFields>(
    loaded ? fieldsOf(loaded) : emptyBlogEditorFields,
  );
  const [fields, setFields] = useState<BlogEditorFields>(baseline);
  const location = useLocation();
  // A new post's page becomes its edit page after the first save; the success notice travels
  // with that navigation, since the edit page mounts a fresh editor. It says the form is saved,
  // so it shows only while nothing has changed since.
  const [saveNotice, setSaveNotice] = useState<string | null>(
    (location.state as { created?: boolean } | null)?.created ? BLOG_CREATED : null,
  );
  const messages = useFormMessages(fields, blogEditorErrors);
  const [autosaved, setAutosaved] = useState<Date | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const leaving = useRef(false);
  const contentLabel = useId();
  const dirty = !same(fields, baseline);

  const set = <K extends keyof BlogEditorFields>(key: K, value: BlogEditorFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));

  const persist = useCallback(
    async (snapshot: BlogEditorFields, quiet: boolean) => {
      const post = await save.mutateAsync({ id: saved?.id, input: toBlogPostInput(snapshot) });
      setSaved(post);
      setBaseline(snapshot);
      if (!saved) {
        leaving.current = true;
        void navigate(`/admin/blog/edit/${encodeURIComponent(post.id)}`, {
          replace: true,
          state: { created: !quiet },
        });
      }
      if (quiet) setAutosaved(new Date());
      return post;
    },
    [save, saved, navigate],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaveNotice(null);
    if (!messages.validate()) return;
    try {
      await persist(fields, false);
      setSaveNotice(saved ? BLOG_UPDATED : BLOG_CREATED);
    } catch (err) {
      messages.fail(userMessage(err, BLOG_SAVE_ERROR));
    }
  };

  // Autosave: an existing draft that is still a draft in the form, changed and valid.
  const latest = useRef({ fields, dirty, busy: save.isPending, persist, saved, messages });
  latest.current = { fields, dirty, busy: save.isPending, persist, saved, messages };
  useEffect(() => {
    const timer = setInterval(() => {
      const now = latest.current;
      if (!now.saved || now.saved.published || now.fields.published) return;
      if (!now.dirty || now.busy || Object.keys(blogEditorErrors(now.fields)).length > 0) return;
      now.persist(now.fields, true).catch(() => now.messages.fail(BLOG_SAVE_ERROR));
    }, BLOG_AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useNavigationBlocker(({ currentLocation, nextLocation }) => {
    // One navigation of the editor's own (after Cancel, or to a new post's address) passes.
    if (leaving.current) {
      leaving.current = false;
      return false;
    }
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  const title = saved ? BLOG_EDIT_POST : BLOG_CREATE_NEW_POST;
  const showImage = isHttpsUrl(fields.featuredImage.trim());

  return (
    <Frame title={title}>
      <form ref={messages.formRef} onSubmit={submit} noValidate className="space-y-6">
        <TextField
          label="Title *"
          name="title"
          required
          aria-required="true"
          value={fields.title}
          onChange={(e) => set('title', e.target.value)}
          error={messages.fieldErrors.title}
        />
        <TextAreaField
          label="Excerpt (optional)"
          name="excerpt"
          rows={3}
          value={fields.excerpt}
          onChange={(e) => set('excerpt', e.target.value)}
          error={messages.fieldErrors.excerpt}
        />
        <div>
          <span id={contentLabel} className="mb-1.5 block text-sm font-medium text-zinc-200">
            Content *
          </span>
          <RichTextEditor
            labelId={contentLabel}
            initialHtml={fields.content}
            onChange={(html) => set('content', html)}
            error={messages.fieldErrors.content}
          />
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            label="Author"
            name="author"
            value={fields.author}
            onChange={(e) => set('author', e.target.value)}
            error={messages.fieldErrors.author}
          />
          <TextField
            label="Tags (comma-separated)"
            name="tags"
            value={fields.tags}
            onChange={(e) => set('tags', e.target.value)}
            error={messages.fieldErrors.tags}
          />
        </div>
        <div>
          <TextField
            label="Featured Image URL"
            name="featuredImage"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={fields.featuredImage}
            onChange={(e) => set('featuredImage', e.target.value)}
            error={messages.fieldErrors.featuredImage}
          />
          {showImage && (
            <img
              src={fields.featuredImage.trim()}
              alt="Featured image preview"
              referrerPolicy="no-referrer"
              className="mt-3 max-h-64 rounded-lg border border-zinc-800 object-cover"
            />
          )}
        </div>
        <div>
          <label className="flex items-center gap-3 text-sm font-medium text-zinc-200">
            <input
              type="checkbox"
              name="published"
              aria-describedby={`${contentLabel}-publish-help`}
              checked={fields.published}
              onChange={(e) => set('published', e.target.checked)}
              className="h-4 w-4 accent-brand-500"
            />
            Publish immediately
          </label>
          <p id={`${contentLabel}-publish-help`} className="mt-1 ml-7 text-sm text-zinc-400">
            {fields.published ? BLOG_PUBLISH_HELP : BLOG_DRAFT_HELP}
          </p>
        </div>
        {/* Beside the buttons: the refusal of a save (gone once the post is changed), or that it
            was saved (while nothing has changed since). */}
        {messages.formError && <Alert tone="error">{messages.formError}</Alert>}
        <div aria-live="polite">
          {saveNotice && !dirty && (
            <Alert tone="success" live={false}>
              {saveNotice}
            </Alert>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : saved ? 'Update Post' : 'Create Post'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
            Cancel
          </Button>
          <p role="status" className="text-sm text-zinc-400">
            {autosaved ? `Draft saved at ${timeFormat.format(autosaved)}` : ''}
          </p>
        </div>
      </form>
      <Modal
        open={confirmCancel}
        title="Cancel"
        description={BLOG_CANCEL_CONFIRM}
        onClose={() => setConfirmCancel(false)}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" data-autofocus onClick={() => setConfirmCancel(false)}>
            Keep editing
          </Button>
          <Button
            onClick={() => {
              setConfirmCancel(false);
              leaving.current = true;
              void navigate('/admin/blog');
            }}
          >
            Discard changes
          </Button>
        </div>
      </Modal>
      <Modal
        open={blocker.state === 'blocked'}
        title={UNSAVED_CHANGES_TITLE}
        description={UNSAVED_CHANGES_MESSAGE}
        onClose={() => blocker.reset()}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" data-autofocus onClick={() => blocker.reset()}>
            Stay
          </Button>
          <Button onClick={() => blocker.proceed()}>Leave</Button>
        </div>
      </Modal>
    </Frame>
  );
}
