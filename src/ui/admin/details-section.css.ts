import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/**
 * A section of an inquiry's details and its forms (the sale, the reservation, the family page, the
 * contract, the application), shared by those features' screens (issue 26: no feature borrows
 * another's styles).
 */

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

export const select = style({ appearance: 'auto' });

export const heading = style({ fontSize: '1rem', color: vars.color.muted, fontFamily: vars.font.body });

export const noteForm = style({ display: 'grid', gap: vars.space.sm });

export const notes = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const note = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.cream,
});

/** The breeder's line breaks are kept as typed. */
export const noteText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.muted, fontSize: '0.9rem', margin: 0 });

export const reservation = style({ display: 'grid', gap: vars.space.sm });

export const facts = style({ display: 'grid', gap: vars.space.xs });

export const strong = style({ margin: 0, fontWeight: 700 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const form = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const formTitle = style({ fontSize: '1rem', margin: 0 });

export const fieldset = style({
  display: 'grid',
  gap: vars.space.sm,
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const reservedBy = style({ margin: 0, fontSize: '0.9rem', color: vars.color.text, fontWeight: 600 });

export const overview = style({
  display: 'flex',
  flexWrap: 'wrap',
  rowGap: vars.space.xs,
  marginBottom: vars.space.md,
  fontWeight: 600,
});

export const waitlist = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const waitlistRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

/** The row's buttons take a line of their own under the name. */
export const waitlistActions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const place = style({ fontWeight: 700, minWidth: '2ch' });
