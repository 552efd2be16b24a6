import { BlogManager } from '../../features/blog/components/blog-manager';

/** /admin/blog (admins only, guarded in router.tsx; the server checks every call too). */
export function AdminBlogRoute() {
  return <BlogManager />;
}
