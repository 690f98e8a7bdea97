// News (spec section 7, blog/): the list and one post by id or slug.
import { findBlogPost, listBlogPosts } from '../../content/blog';
import { defineHandlers } from '../operation-routes';

export const blogHandlers = defineHandlers({
  listBlogPosts: (c, { query: q }) => listBlogPosts(c.get('deps').db, c.get('locale'), { page: q.page, pageSize: q.page_size }),
  getBlogPost: (c, { params: { key } }) => findBlogPost(c.get('deps').db, c.get('locale'), key),
});
