import { style } from '@vanilla-extract/css';
import { cardGrid } from '../../../ui/landing/card-grid';
import { vars } from '../../../ui/theme.css';

export const litter = style({ display: 'grid', gap: vars.space.md, marginTop: vars.space.xl });
export const name = style({ fontSize: '1.5rem', color: vars.color.brownDark, overflowWrap: 'anywhere' });
export const facts = style({ color: vars.color.muted, overflowWrap: 'anywhere' });
/** One column on phones, 3 on medium, 4 on large. */
export const grid = style([cardGrid(3, 4), { listStyle: 'none', margin: 0, padding: 0 }]);
export const happy = style({ fontWeight: 700, color: vars.color.brown });
export const quote = style({
  margin: 0,
  fontStyle: 'italic',
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});
