import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [breakpoints.lg]: { gridTemplateColumns: '2fr 1fr' } },
});

export const formCard = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.white,
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.border}`,
  '@media': { [breakpoints.md]: { padding: vars.space.xl } },
});

export const side = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(160deg, ${vars.color.brown}, ${vars.color.brownDark})`,
  color: vars.color.white,
});

const line = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const price = style([line, { fontSize: '1.5rem', fontWeight: 800, color: vars.color.goldLight }]);
export const fact = style([line, { fontWeight: 700, fontSize: '1.125rem' }]);
export const icon = style({ flexShrink: 0, color: vars.color.goldLight });

export const questions = style({
  display: 'grid',
  gap: vars.space.xs,
  marginTop: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.goldLight}`,
});
export const questionsHeading = style([line, { fontSize: '1.25rem' }]);
