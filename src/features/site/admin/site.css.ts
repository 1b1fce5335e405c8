import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

export const form = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg });

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

export const field = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xs });

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

export const hint = style({ color: vars.color.muted, fontSize: '0.9rem', overflowWrap: 'anywhere' });
export const over = style({ color: vars.color.danger, fontSize: '0.9rem', fontWeight: 700 });

export const prefixed = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const choice = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
  minInlineSize: 0,
});
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

/**
 * The bar with the draft's status, Preview and Publish: stays on screen at the bottom (the
 * thumb's end of a phone) while she scrolls the fields (issue 32).
 */
export const bar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 10,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.cream,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.08)',
});

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
export const status = style({ flex: '1 1 12rem', fontWeight: 600, minInlineSize: 0 });

export const history = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});
export const version = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
