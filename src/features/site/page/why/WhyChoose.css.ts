import { style } from '@vanilla-extract/css';
import { cardGrid } from '../../../../ui/landing/card-grid';
import { bareList } from '../../../../ui/landing/layout.css';
import { vars } from '../../../../ui/theme.css';

export const features = style([bareList, cardGrid(2, 3)]);

export const feature = style({
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.white,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
});

export const iconWrap = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '3.25rem',
  height: '3.25rem',
  borderRadius: vars.radius.full,
  background: vars.color.goldLight,
  color: vars.color.brownDark,
});

export const featureTitle = style({ fontSize: '1.25rem', color: vars.color.brownDark });
export const featureText = style({ color: vars.color.muted });

export const story = style({
  margin: `${vars.space.xxl} auto 0`,
  maxWidth: vars.width.narrow,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.creamDark,
  borderLeft: `6px solid ${vars.color.gold}`,
  display: 'grid',
  gap: vars.space.md,
});

export const storyHeading = style({ fontSize: '1.5rem', color: vars.color.brownDark });

export const quote = style({
  margin: 0,
  display: 'grid',
  gap: vars.space.md,
  fontStyle: 'italic',
  fontSize: '1.0625rem',
  color: vars.color.text,
});

export const signature = style({ fontWeight: 700, color: vars.color.brown, textAlign: 'right' });
