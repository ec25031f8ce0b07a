/**
 * Mantine's complete stylesheet. main.tsx holds only what the sign-in screens need, so a phone's
 * first visit to /login does not download 250 KB of CSS; every other route loads all of it
 * before it renders. It is requested before the route's own module, so its link comes first
 * in the document: a page's CSS module must follow Mantine's rules to override them.
 */
export function withFullStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [, module] = await Promise.all([import('@mantine/core/styles.css'), load()]);
    return module;
  };
}
