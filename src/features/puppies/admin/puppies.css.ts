import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

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

export const empty = style({ color: vars.color.muted, padding: `${vars.space.md} 0` });

export const sectionTitle = style({
  fontSize: '1.25rem',
  color: vars.color.brownDark,
  margin: `0 0 ${vars.space.md}`,
});
