/**
 * The translation API for theme strings (SPEC §5): `<Translate id description>default</Translate>` and
 * `translate({ id, message, description })`. Overrides come from the site's i18n/en/*.json, shipped in the
 * site settings; `wiki write-translations` lists every declaration with its default.
 */
import type { ReactNode } from 'react';
import { useThemeContext } from '../ThemeContext/index.js';

export interface TranslateDeclaration {
  readonly id?: string;
  /** The default text, used when the site has no override. */
  readonly message?: string;
  /** A note for translators. */
  readonly description?: string;
}

export type TranslationMessages = Readonly<Record<string, string>>;

/** Replaces `{name}` placeholders with values. */
function interpolate(text: string, values: Readonly<Record<string, string | number>> | undefined): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Resolves one declaration against a messages table; a declaration without id or message is a developer error. */
export function translateWith(
  messages: TranslationMessages,
  declaration: TranslateDeclaration,
  values?: Readonly<Record<string, string | number>>,
): string {
  const { id, message } = declaration;
  if (id === undefined && message === undefined) {
    throw new Error('A translation needs an id or a default message: translate({ id: "theme.x", message: "Text" }).');
  }
  const text = (id !== undefined ? messages[id] : undefined) ?? message ?? id!;
  return interpolate(text, values);
}

/** `translate()` for code outside JSX text: pass the site's messages (from `useTranslations()`). */
export function translate(
  declaration: TranslateDeclaration,
  values?: Readonly<Record<string, string | number>>,
  messages: TranslationMessages = {},
): string {
  return translateWith(messages, declaration, values);
}

/** The site's translation overrides; throws (naming hook and provider) outside App. */
export function useTranslations(): TranslationMessages {
  return useThemeContext().site.translations ?? {};
}

/** A `translate` bound to the site's messages, for attributes such as aria-label and placeholder. */
export function useTranslate(): (
  declaration: TranslateDeclaration,
  values?: Readonly<Record<string, string | number>>,
) => string {
  const messages = useTranslations();
  return (declaration, values) => translateWith(messages, declaration, values);
}

export interface TranslateProps {
  readonly id?: string;
  readonly description?: string;
  readonly values?: Readonly<Record<string, string | number>>;
  /** The default message: a plain string only (SPEC §5). */
  readonly children?: ReactNode;
}

/** The translated text of `id`, its plain-string children being the default (e.g. 'Edit this page'). */
export function Translate({ id, description, values, children }: TranslateProps) {
  const messages = useTranslations();
  if (children !== undefined && typeof children !== 'string') {
    throw new Error(
      `<Translate${id ? ` id="${id}"` : ''}> accepts only a plain string as children (the default message); move elements outside it or use {placeholders} with the values prop.`,
    );
  }
  return (
    <>
      {translateWith(
        messages,
        {
          ...(id !== undefined && { id }),
          ...(children !== undefined && { message: children }),
          ...(description !== undefined && { description }),
        },
        values,
      )}
    </>
  );
}
