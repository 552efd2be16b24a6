import { useParams } from 'react-router';
import { BlogEditor, EditBlogPost } from '../../features/blog/editor/blog-editor';

/** /admin/blog/create (admins only, guarded in router.tsx; the server checks every call too). */
export function AdminBlogCreateRoute() {
  return <BlogEditor />;
}

/** /admin/blog/edit/{id}: the parameter is the post id (docs/glossary.md#blog-states). */
export function AdminBlogEditRoute() {
  const { id = '' } = useParams();
  return <EditBlogPost key={id} id={id} />;
}
