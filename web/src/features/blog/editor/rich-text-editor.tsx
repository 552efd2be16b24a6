import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Underline from '@tiptap/extension-underline';
import Link from '@tiptap/extension-link';
// The editor's base styles as stylesheets of this chunk, not a <style> element Tiptap would add
// (the CSP allows no inline styles: decision 142).
import 'prosemirror-view/style/prosemirror.css';
import 'prosemirror-gapcursor/style/gapcursor.css';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from '../../../components/ui/field-message';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { blogProseClass } from '../components/blog-post-view';

export const LINK_URL_INVALID = 'Enter an https://, http:// or mailto: address';

/** Links may point at web pages and e-mail addresses only. */
export function isAllowedLink(url: string): boolean {
  try {
    return ['https:', 'http:', 'mailto:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

type Tool = {
  name: string;
  keys: string;
  label: string;
  look?: string;
  active: (e: Editor) => boolean;
  run: (e: Editor) => void;
};

const TOOLS: Tool[] = [
  {
    name: 'Bold',
    keys: 'Control+B',
    label: 'B',
    look: 'font-extrabold',
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'Italic',
    keys: 'Control+I',
    label: 'I',
    look: 'italic font-serif',
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: 'Underline',
    keys: 'Control+U',
    label: 'U',
    look: 'underline',
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    name: 'Heading 2',
    keys: 'Control+Alt+2',
    label: 'H2',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: 'Heading 3',
    keys: 'Control+Alt+3',
    label: 'H3',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    name: 'Bullet list',
    keys: 'Control+Shift+8',
    label: '• List',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'Numbered list',
    keys: 'Control+Shift+7',
    label: '1. List',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

/**
 * The post body: a Tiptap (ProseMirror) editor limited to paragraphs, headings 2-4, bold,
 * italic, underline, lists, quotes and links. Pasted HTML from word processors is parsed into
 * that schema, so their styles, classes and stray elements are dropped. `onChange` receives
 * the HTML, or '' when the document holds no text.
 */
export function RichTextEditor({
  initialHtml,
  labelId,
  onChange,
  error,
}: {
  initialHtml: string;
  labelId: string;
  onChange: (html: string) => void;
  /** What is wrong with the content: shown under the editor, which is then marked invalid. */
  error?: string | null;
}) {
  const [linkOpen, setLinkOpen] = useState(false);
  const errorId = `${labelId}-error`;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: false,
        underline: false,
      }),
      Underline,
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: ['mailto'],
        isAllowedUri: (url) => isAllowedLink(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
      }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: `${blogProseClass} min-h-64 rounded-b-lg border border-zinc-700 bg-zinc-950/70 px-4 py-3 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40`,
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // The editable element is ProseMirror's: its invalid mark and description follow `error`.
  useEffect(() => {
    const attributes = editor.options.editorProps.attributes as Record<string, string>;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...attributes,
          'aria-invalid': error ? 'true' : 'false',
          'aria-describedby': error ? errorId : '',
        },
      },
    });
  }, [editor, error, errorId]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      pressed: TOOLS.map((t) => t.active(e)),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  return (
    <div>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-zinc-700 bg-zinc-900 p-1.5"
      >
        {TOOLS.map((tool, i) => (
          <ToolButton
            key={tool.name}
            name={tool.name}
            keys={tool.keys}
            pressed={state.pressed[i] ?? false}
            look={tool.look}
            onClick={() => tool.run(editor)}
          >
            {tool.label}
          </ToolButton>
        ))}
        <ToolButton
          name="Link"
          keys="Control+K"
          pressed={state.link}
          onClick={() => setLinkOpen(true)}
        >
          Link
        </ToolButton>
      </div>
      <EditorContent editor={editor} />
      {error && <FieldMessage id={errorId}>{error}</FieldMessage>}
      <LinkDialog
        open={linkOpen}
        initial={state.href}
        onClose={() => {
          setLinkOpen(false);
          editor.commands.focus();
        }}
        onApply={(href) => {
          setLinkOpen(false);
          const chain = editor.chain().focus().extendMarkRange('link');
          if (href) chain.setLink({ href }).run();
          else chain.unsetLink().run();
          // The caret goes to the end of the linked words, so typing goes on after them and the
          // editor's deferred focus cannot bring the old selection back over keys pressed since.
          editor.commands.setTextSelection(editor.state.selection.to);
        }}
      />
    </div>
  );
}

function ToolButton({
  name,
  keys,
  pressed,
  look = '',
  onClick,
  children,
}: {
  name: string;
  keys: string;
  pressed: boolean;
  look?: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={name}
      aria-pressed={pressed}
      aria-keyshortcuts={keys}
      title={`${name} (${keys.replace('Control', 'Ctrl')})`}
      // Keep the text selection in the editor when the button is clicked.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`min-w-9 rounded-md px-2 py-1.5 text-sm font-semibold focus:ring-2 focus:ring-brand-500/60 focus:outline-none ${look} ${
        pressed ? 'bg-brand-600 text-white' : 'text-zinc-200 hover:bg-zinc-800'
      }`}
    >
      {children}
    </button>
  );
}

function LinkDialog({
  open,
  initial,
  onClose,
  onApply,
}: {
  open: boolean;
  initial: string;
  onClose: () => void;
  onApply: (href: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  // Not a <form>: the dialog sits inside the post's own form, and a form inside a form is
  // submitted natively by the browser (the page reloads and the post is lost). Enter in the
  // field applies, as a submit would.
  const input = useRef<HTMLInputElement>(null);
  const apply = () => {
    const href = (input.current?.value ?? '').trim();
    if (href && !isAllowedLink(href)) {
      setError(LINK_URL_INVALID);
      return;
    }
    setError(null);
    onApply(href);
  };
  return (
    <Modal
      open={open}
      title="Link"
      description="Leave the address empty to remove the link."
      onClose={() => {
        setError(null);
        onClose();
      }}
    >
      <div>
        <TextField
          label="Link address"
          name="href"
          type="url"
          key={open ? initial : ''}
          ref={input}
          defaultValue={initial}
          onChange={() => setError(null)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            apply();
          }}
          placeholder="https://"
          error={error}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              setError(null);
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button onClick={apply}>Apply link</Button>
        </div>
      </div>
    </Modal>
  );
}
