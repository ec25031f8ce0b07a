/**
 * The address to put in the video frame. A YouTube page or short link (what an administrator
 * usually pastes) is turned into its embed address; anything else is used as given.
 */
export function videoEmbedUrl(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, window.location.origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.replace(/^www\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1);
  else if ((host === 'youtube.com' || host === 'm.youtube.com') && parsed.pathname === '/watch') {
    id = parsed.searchParams.get('v');
  }
  if (id && /^[\w-]{6,20}$/.test(id)) return `https://www.youtube-nocookie.com/embed/${id}`;
  return parsed.toString();
}
