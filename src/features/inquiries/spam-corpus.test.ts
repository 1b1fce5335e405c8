/**
 * The spam rules measured on a corpus written for this test (issue 32): real breeder inquiries —
 * short, long, with phone numbers, with typos, in Spanish — and junk (link spam, SEO offers, the
 * buyer scams). No real inquiry may be marked, with scripts on (a timer from a person's pace) or
 * off (no timer); at least 90 % of the junk must be, each with its reasons in words.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { junk, puppyNames, real, type Sample } from '../../../test/fixtures/spam-corpus';
import { type FormTimer, reasonText, scoreInquiry } from './spam-rules.server';

const personTimer: FormTimer = { state: 'valid', elapsedMs: 95_000 };
const score = (sample: Sample, timer: FormTimer) =>
  scoreInquiry({ ...sample, timer, repeated: false, puppyNames });

test('the corpus is the size the issue asks for', () => {
  assert.ok(real.length >= 40, `${real.length} real inquiries`);
  assert.ok(junk.length >= 40, `${junk.length} junk inquiries`);
  assert.ok(
    real.some((sample) => /cachorr|hola/i.test(sample.message)),
    'some in Spanish',
  );
  assert.ok(
    real.some((sample) => /\d{3}.?\d{3}.?\d{4}/.test(sample.message)),
    'some with a phone number',
  );
  assert.ok(
    real.some((sample) => sample.message.length > 400),
    'some long',
  );
});

for (const [label, timer] of [
  ['scripts on, sent at a person’s pace', personTimer],
  ['scripts off (no timer)', { state: 'missing' } as FormTimer],
] as const) {
  test(`no real inquiry is marked likely spam (${label})`, () => {
    const marked = real
      .map((sample) => ({ sample, verdict: score(sample, timer) }))
      .filter(({ verdict }) => verdict.likelySpam)
      .map(({ sample, verdict }) => `${sample.name}: ${verdict.reasons.map(reasonText).join('; ')}`);
    assert.deepEqual(marked, []);
  });
}

test('at least 90 % of the junk is marked likely spam, each with its reasons in words', () => {
  // Scored as if a bot had run the page's scripts and waited like a person: the wording alone.
  const verdicts = junk.map((sample) => ({ sample, verdict: score(sample, personTimer) }));
  const missed = verdicts.filter(({ verdict }) => !verdict.likelySpam).map(({ sample }) => sample.message);
  const rate = (junk.length - missed.length) / junk.length;
  assert.ok(rate >= 0.9, `${Math.round(rate * 100)} % marked; missed:\n${missed.join('\n')}`);
  for (const { verdict } of verdicts.filter(({ verdict }) => verdict.likelySpam)) {
    assert.ok(verdict.reasons.length > 0);
    for (const reason of verdict.reasons) assert.match(reasonText(reason), /^[A-Z][^\n]{8,}$/);
  }
  console.log(`junk marked: ${junk.length - missed.length} of ${junk.length} (${Math.round(rate * 100)} %)`);
});

test('the reasons of the issue, in its words', () => {
  const fast = scoreInquiry({
    name: 'Jo',
    message: 'Is Luna available?',
    puppy: 'Luna',
    timer: { state: 'valid', elapsedMs: 2_200 },
    repeated: false,
    puppyNames,
  });
  assert.equal(fast.likelySpam, true);
  assert.deepEqual(fast.reasons.map(reasonText), ['Sent 2 seconds after the form was opened']);
  const agent = score(junk[1] as Sample, personTimer);
  assert.ok(agent.reasons.map(reasonText).includes('Asks to pay through a shipping agent'));
  const repeated = scoreInquiry({ ...(real[0] as Sample), timer: personTimer, repeated: true, puppyNames });
  assert.deepEqual(repeated.reasons.map(reasonText), [
    'The same message was sent before from another address',
  ]);
});

test('one weak sign alone never marks an inquiry', () => {
  const oneLink = score(
    { name: 'Ann', message: 'Here is our vet reference: https://vet.example/ann' },
    personTimer,
  );
  assert.equal(oneLink.likelySpam, false);
  const overseas = score(
    { name: 'Al', message: 'I am overseas until June, can my sister visit Daisy?' },
    { state: 'missing' },
  );
  assert.equal(overseas.likelySpam, false);
});
