import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const empty = style({
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'center',
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  color: vars.color.muted,
});

export const emptyTitle = style({ fontSize: '1.25rem', color: vars.color.brownDark });

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
});

export const newCount = style({
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.brown,
  color: vars.color.white,
  fontSize: '0.9rem',
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

export const showing = style({ color: vars.color.muted, fontSize: '0.9rem', marginBottom: vars.space.sm });

export const more = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space.md });
