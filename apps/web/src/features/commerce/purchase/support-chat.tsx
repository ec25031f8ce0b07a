import { useEffect } from 'react';
import { usePublicSettings } from '../../public/api/get-public-settings';

/** The id that keeps the chat script to one copy per page load. */
export const SUPPORT_CHAT_SCRIPT_ID = 'support-chat-script';

/**
 * The third-party support chat on the package page (spec 01 section 7), from the public setting
 * supportChatScriptUrl; nothing when it is not set. The script stays once loaded: chat widgets
 * keep their own state and cannot be unloaded cleanly.
 */
export function SupportChat() {
  const { data: settings } = usePublicSettings();
  const src = settings?.supportChatScriptUrl ?? null;
  useEffect(() => {
    if (!src || document.getElementById(SUPPORT_CHAT_SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SUPPORT_CHAT_SCRIPT_ID;
    script.src = src;
    script.async = true;
    document.body.appendChild(script);
  }, [src]);
  return null;
}
