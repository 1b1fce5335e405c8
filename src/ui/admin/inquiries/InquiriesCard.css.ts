import { style } from '@vanilla-extract/css';
import { vars } from '../../theme.css';

export const alert = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  overflowWrap: 'anywhere',
});

export const alertTitle = style({ fontWeight: 700 });

export const empty = style({
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'center',
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  color: vars.color.muted,
});

export const emptyTitle = style({ fontSize: '1.25rem', color: vars.color.brownDark });
