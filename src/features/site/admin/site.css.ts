import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

/** One group of fields (Hero, Deal, …): a card of its own. */
export const group = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  minInlineSize: 0,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.white,
  '@media': { [breakpoints.md]: { padding: vars.space.lg } },
});

export const groupTitle = style({
  fontSize: '1.25rem',
  fontWeight: 700,
  color: vars.color.brownDark,
  padding: 0,
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

/** A tile's label and value side by side, on a phone too (short words: it saves a screen). */
export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  minInlineSize: 0,
  margin: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const itemTitle = style({ fontWeight: 700, padding: 0, width: '100%' });
/** An item's name and summary: the whole line opens or closes its fields. */
export const itemToggle = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} 0`,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 700,
  textAlign: 'start',
  cursor: 'pointer',
  ':disabled': { cursor: 'default' },
});
export const itemFields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  selectors: { '&[hidden]': { display: 'none' } },
});

export const tools = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

/**
 * The thumbnail beside its upload field, also on a phone (issue 32: five hero slides stacked
 * thumbnail over field made the Hero section more than three screens tall at 390 px).
 */
export const photo = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});
export const thumb = style({
  flex: '0 0 6rem',
  width: '6rem',
  height: 'auto',
  borderRadius: vars.radius.sm,
  '@media': { [breakpoints.md]: { flexBasis: '10rem', width: '10rem' } },
});
/** The upload field beside the thumbnail takes the rest of the line. */
export const photoField = style({ flex: '1 1 0', minWidth: 0 });
export const file = style({ display: 'block', width: '100%', maxWidth: '100%' });

/** The list of sections the editor opens on: one line each, a whole line to tap. */
export const sections = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
});
export const section = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '0.125rem',
  width: '100%',
  minHeight: '3rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  ':hover': { background: vars.color.cream },
});
export const sectionTitle = style({ fontWeight: 700, color: vars.color.brownDark });
/** What the section holds, cut to one line with an ellipsis: the whole text is still there to read. */
export const summary = style({
  color: vars.color.muted,
  fontSize: '0.9rem',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
