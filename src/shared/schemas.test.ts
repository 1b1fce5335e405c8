import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FORM_ERROR, NO_PREFERENCE } from '../features/inquiries/inquiry-fields';
import { fieldErrors, inquiryMessages, inquirySchemaFor, loginMessages, loginSchema } from './schemas';

const valid = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  message: 'We would love to meet the puppies this weekend.',
};
/** The available puppies as the page shows them (the breeder's list, from DATA_DIR). */
const puppyNames: readonly string[] = ['Daisy', 'Luna'];
const inquirySchema = inquirySchemaFor(puppyNames);
const firstPuppy = puppyNames[0] ?? '';

/** The `{ field: message }` of a failed parse; fails the test if the input was accepted. */
function errorsOf(input: unknown, schema: typeof inquirySchema | typeof loginSchema = inquirySchema) {
  const result = schema.safeParse(input);
  assert.equal(result.success, false, 'expected the input to be refused');
  return result.success ? {} : fieldErrors(result.error);
}

describe('inquirySchema', () => {
  test('accepts a complete inquiry and trims every field', () => {
    const result = inquirySchema.parse({
      name: '  Jane Doe ',
      email: ' jane@example.com\n',
      phone: ' 555-0100 ',
      puppy: ` ${firstPuppy} `,
      message: `  ${valid.message}  `,
    });
    assert.deepEqual(result, { ...valid, phone: '555-0100', puppy: firstPuppy });
  });

  test('the spec messages: name, email, message', () => {
    assert.deepEqual(errorsOf({ name: 'J', email: 'not-an-email', message: 'short' }), {
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
  });

  test('missing required fields get the same spec messages', () => {
    assert.deepEqual(errorsOf({}), {
      name: inquiryMessages.nameShort,
      email: inquiryMessages.email,
      message: inquiryMessages.messageShort,
    });
  });

  test('minimums count characters after trimming', () => {
    const errors = errorsOf({ ...valid, name: '  J  ', message: '   123456789   ' });
    assert.equal(errors.name, inquiryMessages.nameShort);
    assert.equal(errors.message, inquiryMessages.messageShort);
    assert.equal(inquirySchema.safeParse({ ...valid, name: ' Jo ' }).success, true);
    assert.equal(inquirySchema.safeParse({ ...valid, message: ' 1234567890 ' }).success, true);
  });

  test('maximums: name 100, email 254, phone 40, message 5,000, each with its message', () => {
    const at = { name: 'n'.repeat(100), email: `${'e'.repeat(242)}@example.com`, phone: '1'.repeat(40) };
    assert.equal(at.email.length, 254);
    assert.equal(inquirySchema.safeParse({ ...valid, ...at, message: 'm'.repeat(5000) }).success, true);
    assert.deepEqual(
      errorsOf({
        name: 'n'.repeat(101),
        email: `${'e'.repeat(243)}@example.com`,
        phone: '1'.repeat(41),
        message: 'm'.repeat(5001),
      }),
      {
        name: 'Name must be at most 100 characters',
        email: 'Email address must be at most 254 characters',
        phone: 'Phone number must be at most 40 characters',
        message: 'Message must be at most 5,000 characters',
      },
    );
  });

  test('fields of the wrong type are refused with a message, not accepted', () => {
    const errors = errorsOf({ name: 42, email: ['a@b.co'], phone: 5, puppy: true, message: null });
    assert.deepEqual(Object.keys(errors).sort(), ['email', 'message', 'name', 'phone', 'puppy']);
  });

  test('a blank phone is omitted, not stored as an empty string', () => {
    for (const phone of ['', '   ', undefined]) {
      const result = inquirySchema.parse({ ...valid, phone });
      assert.equal('phone' in result, false, JSON.stringify(phone));
    }
  });

  test('puppy: each available puppy is accepted', () => {
    assert.ok(puppyNames.length > 0);
    for (const puppy of puppyNames) assert.equal(inquirySchema.parse({ ...valid, puppy }).puppy, puppy);
  });

  test('puppy: no preference, blank or absent is omitted from the result', () => {
    for (const puppy of [NO_PREFERENCE, '', '  ', undefined]) {
      const result = inquirySchema.parse({ ...valid, puppy });
      assert.equal('puppy' in result, false, JSON.stringify(puppy));
      assert.equal(JSON.stringify(result).includes('puppy'), false);
    }
  });

  test('puppy: checked against the list given, which follows the breeder’s changes', () => {
    assert.equal(inquirySchemaFor(puppyNames), inquirySchema, 'made once per list');
    const afterSale = inquirySchemaFor(['Luna', 'Rosie']);
    assert.deepEqual(errorsOf({ ...valid, puppy: 'Daisy' }, afterSale), { puppy: inquiryMessages.puppy });
    assert.equal(afterSale.parse({ ...valid, puppy: 'Rosie' }).puppy, 'Rosie');
    assert.equal('puppy' in inquirySchemaFor([]).parse({ ...valid, puppy: NO_PREFERENCE }), false);
  });

  test('puppy: a name that is not an available puppy is refused', () => {
    for (const puppy of ['Rex', firstPuppy.toUpperCase(), 'Maple']) {
      assert.deepEqual(errorsOf({ ...valid, puppy }), { puppy: inquiryMessages.puppy }, puppy);
    }
  });

  test('unknown fields are dropped', () => {
    const result = inquirySchema.parse({
      ...valid,
      id: 'mine',
      createdAt: '1999',
      admin: true,
      website: 'x',
    });
    assert.deepEqual(result, valid);
  });

  test('a value that is not an object is a form-level error', () => {
    for (const input of [null, [], 'text', 42]) {
      assert.equal(typeof errorsOf(input)[FORM_ERROR], 'string', JSON.stringify(input));
    }
  });
});

describe('loginSchema', () => {
  test('the spec messages for empty fields', () => {
    assert.deepEqual(errorsOf({ username: '', password: '' }, loginSchema), {
      username: 'Email is required',
      password: 'Password is required',
    });
    assert.deepEqual(errorsOf({}, loginSchema), loginMessages);
  });

  test('a blank username is empty; the password is kept as typed, spaces included', () => {
    assert.equal(errorsOf({ username: '   ', password: 'x' }, loginSchema).username, loginMessages.username);
    assert.deepEqual(loginSchema.parse({ username: ' admin@example.com ', password: ' secret ' }), {
      username: 'admin@example.com',
      password: ' secret ',
    });
  });
});

describe('fieldErrors', () => {
  test('keeps the first message of each field', () => {
    const result = inquirySchema.safeParse({ ...valid, email: `${'e'.repeat(300)}` });
    assert.equal(result.success, false);
    if (!result.success) assert.deepEqual(fieldErrors(result.error), { email: inquiryMessages.emailLong });
  });
});
