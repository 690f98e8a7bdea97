// The strings the contact form island shows, built by the page with its translator.
import type { T } from '../lib/i18n/client-messages';
import type { ContactErrorCode, ContactFailure, ContactTextField } from '../lib/stores/contact';

export interface ContactLabels {
  fields: Record<ContactTextField, string>;
  optional: string;
  requiredNote: string;
  /** With <link>…</link> around the words that link to the privacy notice. */
  privacyConsent: string;
  submit: string;
  sending: string;
  successTitle: string;
  successText: string;
  sendAnother: string;
  /** "Error sending message". */
  failureTitle: string;
  failure: Record<ContactFailure, string>;
  /** With <privacy>…</privacy> and <terms>…</terms> around Google's policy links. */
  botCheckNotice: string;
  /** Field messages; maxLength has {{max}}. */
  errors: Record<ContactErrorCode, string>;
}

export function contactLabels(t: T): ContactLabels {
  return {
    fields: {
      name: t('contact.fields.name'),
      email: t('contact.fields.email'),
      phone: t('contact.fields.phone'),
      company: t('contact.fields.company'),
      subject: t('contact.fields.subject'),
      message: t('contact.fields.message'),
    },
    optional: t('contact.optional'),
    requiredNote: t('contact.requiredNote'),
    privacyConsent: t('contact.privacyConsent'),
    submit: t('contact.submit'),
    sending: t('contact.sending'),
    successTitle: t('contact.successTitle'),
    successText: t('contact.successText'),
    sendAnother: t('contact.sendAnother'),
    failureTitle: t('errors.messageSendFailed'),
    failure: {
      fields: t('contact.checkFields'),
      tooMany: t('errors.tooManyAttempts'),
      network: t('errors.network'),
      botCheck: t('contact.botCheckFailed'),
      send: t('contact.tryAgain'),
    },
    botCheckNotice: t('contact.botCheckNotice'),
    errors: {
      required: t('validation.required'),
      email: t('validation.email'),
      maxLength: t('validation.maxLength'),
      privacy: t('validation.privacyRequired'),
      invalid: t('validation.invalidFormat'),
      invalidCharacters: t('errors.limits.invalidCharacters'),
      botCheck: t('contact.botCheckFailed'),
    },
  };
}
