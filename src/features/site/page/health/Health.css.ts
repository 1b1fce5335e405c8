import { style } from '@vanilla-extract/css';
import { cardGrid } from '../../../../ui/landing/card-grid';
import { bareList, heading as sectionHeading } from '../../../../ui/landing/layout.css';
import { vars } from '../../../../ui/theme.css';

export const card = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.cream,
  border: `1px solid ${vars.color.border}`,
});

export const heading = sectionHeading;

export const items = style([bareList, cardGrid(3)]);

export const item = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  textAlign: 'center',
});
export const icon = style({ color: vars.color.gold });
export const title = style({ fontSize: '1.25rem', color: vars.color.brownDark });
export const text = style({ color: vars.color.muted });
