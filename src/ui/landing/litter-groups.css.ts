import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** One litter's puppies under its heading (issue 27). */
export const group = style({ display: 'grid', gap: vars.space.md, marginTop: vars.space.xl });
export const name = style({ fontSize: '1.5rem', color: vars.color.brownDark, overflowWrap: 'anywhere' });
export const facts = style({ color: vars.color.muted, marginTop: `calc(-1 * ${vars.space.sm})` });
