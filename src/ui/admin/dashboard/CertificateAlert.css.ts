import { style } from '@vanilla-extract/css';

/** The certificate authority's words: long, unbroken URLs included, so they wrap anywhere. */
export const answer = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.85rem',
  overflowWrap: 'anywhere',
});
