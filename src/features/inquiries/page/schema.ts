import type { InquiryInput } from '../../../shared/schemas';
import { FORM_ERROR, type InquiryField, inquiryFields } from '../inquiry-fields';

type SchemaModule = typeof import('../../../shared/schemas');

/** A message per field, plus FORM_ERROR for one about the whole submission. */
export type ContactErrors = Partial<Record<InquiryField | typeof FORM_ERROR, string>>;

let loading: Promise<SchemaModule> | undefined;
let loaded: SchemaModule | undefined;

/**
 * The shared schema, fetched on the form's first focus, input or submit: zod stays out of the
 * page's first-load bundle. A failed fetch is forgotten, so the next attempt tries again.
 */
export function loadContactSchema(): Promise<SchemaModule> {
  loading ??= import('../../../shared/schemas').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

type Validation = { data: InquiryInput; errors: ContactErrors } | { data?: never; errors: ContactErrors };

export function validateWith(
  module: SchemaModule,
  values: Record<InquiryField, string>,
  puppyNames: readonly string[],
): Validation {
  const result = module.inquirySchemaFor(puppyNames).safeParse(values);
  return result.success ? { data: result.data, errors: {} } : { errors: module.fieldErrors(result.error) };
}

/**
 * Runs `use` with the schema: at once if it has arrived, else when it does. A failed fetch is left
 * to the submit, which reports it.
 */
export function withContactSchema(use: (module: SchemaModule) => void): void {
  if (loaded) use(loaded);
  else loadContactSchema().then(use, () => {});
}

/** The first field, in the form's order, that has a message. */
export function firstInvalidField(errors: ContactErrors): InquiryField | undefined {
  return inquiryFields.find((field) => errors[field]);
}

/** Keeps only the keys the form can show: a field of the form, or the form-level message. */
export function knownErrors(errors: unknown): ContactErrors {
  if (typeof errors !== 'object' || errors === null) return {};
  const known: ContactErrors = {};
  for (const key of [...inquiryFields, FORM_ERROR] as const) {
    const message = (errors as Record<string, unknown>)[key];
    if (typeof message === 'string') known[key] = message;
  }
  return known;
}
