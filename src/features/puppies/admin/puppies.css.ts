import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });

export const row = style({
  display: 'grid',
  gridTemplateColumns: '4.5rem minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.white,
});

export const thumb = style({
  width: '4.5rem',
  height: '4.5rem',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.cream,
});

export const name = style({ fontWeight: 700, fontSize: '1.1rem', overflowWrap: 'anywhere' });

export const subtitle = style({ color: vars.color.muted, overflowWrap: 'anywhere' });

export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { [breakpoints.md]: { gridColumn: '2' } },
});

export const empty = style({ color: vars.color.muted, padding: `${vars.space.md} 0` });

export const sectionTitle = style({
  fontSize: '1.25rem',
  color: vars.color.brownDark,
  margin: `0 0 ${vars.space.md}`,
});

export const twoColumns = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const hint = style({ color: vars.color.muted, fontSize: '0.9rem' });

export const photo = style({
  display: 'grid',
  gridTemplateColumns: '5rem minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const photoThumb = style({
  width: '5rem',
  height: '5rem',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
});

export const photoTools = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  gridColumn: '1 / -1',
});

export const mainBadge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.goldLight,
  color: vars.color.brownDark,
  fontWeight: 700,
  fontSize: '0.85rem',
});

/** The file input's own width (about 350 px in Chromium) would set its field's column: capped to the form's. */
export const fileField = style({ gridTemplateColumns: 'minmax(0, 1fr)' });
export const fileInput = style({ display: 'block', width: '100%', maxWidth: '100%' });

export const progress = style({ width: '100%', height: '0.75rem' });
