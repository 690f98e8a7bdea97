// The message catalogues and the translate function of the server and of Astro components (the
// mechanism is client-messages.ts; islands get their part of these catalogues as props). Messages
// are split by capability: the frame and public pages in messages/<locale>.json, the signed-in
// parts in messages/<area>/<locale>.json, each file holding one top-level key named after its area.
import accountEn from '../../content/messages/account/en.json';
import accountEs from '../../content/messages/account/es.json';
import accountIt from '../../content/messages/account/it.json';
import agentEn from '../../content/messages/agent/en.json';
import agentEs from '../../content/messages/agent/es.json';
import agentIt from '../../content/messages/agent/it.json';
import b2bEn from '../../content/messages/b2b/en.json';
import b2bEs from '../../content/messages/b2b/es.json';
import b2bIt from '../../content/messages/b2b/it.json';
import authEn from '../../content/messages/auth/en.json';
import authEs from '../../content/messages/auth/es.json';
import authIt from '../../content/messages/auth/it.json';
import en from '../../content/messages/en.json';
import es from '../../content/messages/es.json';
import it from '../../content/messages/it.json';
import shopEn from '../../content/messages/shop/en.json';
import shopEs from '../../content/messages/shop/es.json';
import shopIt from '../../content/messages/shop/it.json';
import signupEn from '../../content/messages/signup/en.json';
import signupEs from '../../content/messages/signup/es.json';
import signupIt from '../../content/messages/signup/it.json';
import { createT, withFallback, type MessageTree, type T } from './client-messages';
import type { Catalogue } from './message-keys';
import type { Locale } from './locales';

export const MESSAGES = {
  it: { ...it, ...authIt, ...shopIt, ...accountIt, ...agentIt, ...signupIt, ...b2bIt },
  en: { ...en, ...authEn, ...shopEn, ...accountEn, ...agentEn, ...signupEn, ...b2bEn },
  es: { ...es, ...authEs, ...shopEs, ...accountEs, ...agentEs, ...signupEs, ...b2bEs },
} satisfies Record<Locale, Catalogue>;
export type Messages = Catalogue;

// One merged catalogue and translate function per locale for the process: the messages never
// change while it runs, and making them per component was a tenth of the build's time.
const merged = new Map<Locale, MessageTree>();
const translators = new Map<Locale, T>();

/** A locale's whole catalogue, every key it lacks read from the Italian one. */
export function messagesOf(locale: Locale): MessageTree {
  let tree = merged.get(locale);
  if (!tree) {
    tree = withFallback(MESSAGES as Record<Locale, MessageTree>, locale);
    merged.set(locale, tree);
  }
  return tree;
}

/** The translate function of one locale, each key falling back to Italian. */
export function translator(locale: Locale): T {
  let t = translators.get(locale);
  if (!t) {
    t = createT(messagesOf(locale), locale);
    translators.set(locale, t);
  }
  return t;
}
