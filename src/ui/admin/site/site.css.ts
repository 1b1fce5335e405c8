import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../theme.css';

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

export const itemTitle = style({ fontWeight: 700, padding: 0 });

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
export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
});

export const photo = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  '@media': { [breakpoints.md]: { gridTemplateColumns: '10rem minmax(0, 1fr)' } },
});
export const thumb = style({
  width: '10rem',
  maxWidth: '100%',
  height: 'auto',
  borderRadius: vars.radius.sm,
});
export const file = style({ display: 'block', width: '100%', maxWidth: '100%' });

/** The bar with the draft's status and the actions: stays in view while she scrolls the fields. */
export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.cream,
  borderBottom: `1px solid ${vars.color.border}`,
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
