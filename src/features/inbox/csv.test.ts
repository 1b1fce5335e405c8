import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Inquiry } from '../../shared/api';
import type { InquirySale } from '../../shared/sales';
import { BOM, CSV_HEADER, csvCell, csvFileName, inquiriesCsv } from './csv.server';

const hostile: Inquiry = {
  id: '1',
  name: 'Zoë "Zo" Ångström',
  email: '@evil@example.com',
  phone: '+1 (928) 555-0100',
  puppy: 'Bella',
  message: '=HYPERLINK("http://evil.example","click"), then\r\nline two\nline "three", naïve',
  createdAt: '2026-11-23T10:05:00.000Z',
};
const plain: Inquiry = {
  id: '2',
  name: 'Tom',
  email: 'tom@example.com',
  message: 'Hello there, is Luna still available?',
  createdAt: '2026-11-22T09:00:00.000Z',
};

/** What a cell holds after the export: a formula-like value gains one leading apostrophe. */
const exported = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

describe('CSV export', () => {
  test('parses back (RFC 4180) to exactly what was stored, header first, BOM at the start', () => {
    const text = [...inquiriesCsv([hostile, plain])].join('');
    assert.ok(text.startsWith(BOM));
    const rows: string[][] = parse(text, { bom: true, relax_column_count: false });
    assert.deepEqual(rows[0], [...CSV_HEADER]);
    assert.deepEqual(
      rows.slice(1),
      [hostile, plain].map((inquiry) =>
        [
          inquiry.createdAt,
          inquiry.name,
          inquiry.email,
          inquiry.phone ?? '',
          inquiry.puppy ?? '',
          inquiry.message,
          'New',
          '',
          '',
          '',
          '',
          '',
          '',
        ].map(exported),
      ),
    );
  });

  test('every formula-starting cell becomes text; others are untouched', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = csvCell(`${start}1+1`);
      assert.ok(cell.startsWith(`'${start}`) || cell.startsWith(`"'${start}`), JSON.stringify(cell));
    }
    assert.equal(csvCell('Bella'), 'Bella');
    assert.equal(csvCell(' =spaced'), ' =spaced');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell(''), '');
  });

  test('records end in CRLF; a line break inside a message stays inside its quotes', () => {
    const text = [...inquiriesCsv([plain])].join('');
    assert.equal(
      text,
      `${BOM}Date,Name,Email,Phone,Puppy,Message,Status,Notes,Puppy reserved,Deposit,Source,Campaign,Application\r\n${plain.createdAt},Tom,tom@example.com,,,"Hello there, is Luna still available?",New,,,,,,\r\n`,
    );
  });

  test('streams in chunks and writes the header once, even with no inquiry', () => {
    const many = Array.from({ length: 1201 }, (_, i) => ({ ...plain, id: String(i) }));
    const chunks = [...inquiriesCsv(many, 500)];
    assert.equal(chunks.length, 3);
    assert.equal(parse(chunks.join(''), { bom: true }).length, 1202);
    assert.deepEqual(
      [...inquiriesCsv([])],
      [
        `${BOM}Date,Name,Email,Phone,Puppy,Message,Status,Notes,Puppy reserved,Deposit,Source,Campaign,Application\r\n`,
      ],
    );
  });

  test('Source and Campaign: where the visit came from, empty when it was not recorded', () => {
    const sources = new Map([
      ['1', { referrer: 'facebook.com', source: 'fb', campaign: 'spring-litter' }],
      ['2', {}],
      ['3', { source: '=cmd', campaign: '+SUM(1)' }],
    ]);
    const rows: string[][] = parse(
      [
        ...inquiriesCsv([hostile, plain, { ...plain, id: '3' }, { ...plain, id: '4' }], 500, (id) =>
          sources.get(id),
        ),
      ].join(''),
      { bom: true },
    );
    assert.deepEqual(
      rows.map((row) => row.slice(10, 12)),
      [
        ['Source', 'Campaign'],
        ['facebook.com', 'spring-litter'],
        ['Direct', ''],
        ["'=cmd", "'+SUM(1)"],
        ['', ''],
      ],
    );
  });

  test("the sale's columns: status, notes newest first one a line, the puppy reserved, the deposit", () => {
    const sale: InquirySale = {
      status: 'reserved',
      notes: [
        { id: 'b', text: '=second, "quoted"', at: '2026-11-24T10:00:00.000Z' },
        { id: 'a', text: 'first', at: '2026-11-23T10:00:00.000Z' },
      ],
      reservation: {
        id: 'r',
        puppyId: 'p',
        puppyName: 'Bella',
        inquiryId: '2',
        familyName: 'Tom',
        deposit: { cents: 30050, receivedOn: '2026-11-24', method: 'Zelle' },
        note: null,
        reservedAt: '2026-11-24T10:00:00.000Z',
        state: 'held',
      },
    };
    const rows: string[][] = parse([...inquiriesCsv([plain], 500, undefined, () => sale)].join(''), {
      bom: true,
    });
    assert.deepEqual(rows[1]?.slice(6, 10), [
      'Reserved',
      '2026-11-24T10:00:00.000Z: =second, "quoted"\n2026-11-23T10:00:00.000Z: first',
      'Bella',
      '$300.50 Zelle 2026-11-24',
    ]);
  });

  test('Application: the cell the applications give, empty for every other inquiry (issue 29)', () => {
    const cells = new Map([['2', 'Litter: Luna\nYard?: =fenced']]);
    const rows: string[][] = parse(
      [...inquiriesCsv([hostile, plain], 500, undefined, undefined, (id) => cells.get(id) ?? '')].join(''),
      { bom: true },
    );
    assert.deepEqual(
      rows.map((row) => row.at(-1)),
      ['Application', '', 'Litter: Luna\nYard?: =fenced'],
    );
  });

  test('file name carries the day', () => {
    assert.equal(csvFileName(new Date(2026, 10, 3, 12)), 'inquiries-2026-11-03.csv');
  });
});
