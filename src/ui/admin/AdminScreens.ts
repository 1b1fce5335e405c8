import { QueryClientProvider } from '@tanstack/react-query';
import { html } from 'htm/react';
import { useState } from 'react';
import { AccountPage } from '../../features/account/admin/AccountPage';
import { LoginPage } from '../../features/account/admin/login/LoginPage';
import { ApplicationSection } from '../../features/applications/admin/ApplicationSection';
import { AskToApply } from '../../features/applications/admin/AskToApply';
import { QuestionsPage } from '../../features/applications/admin/QuestionsPage';
import { ContractSection } from '../../features/contracts/admin/ContractSection';
import { ContractsPage } from '../../features/contracts/admin/ContractsPage';
import { FamilyQuestions, FamilySection } from '../../features/family/admin/FamilySection';
import { LitterUpdatesCard } from '../../features/family/admin/LitterUpdatesCard';
import { LittersPage } from '../../features/litters/admin/LittersPage';
import { NoticeStatus } from '../../features/notices/admin/NoticeStatus';
import { PickDay } from '../../features/picks/admin/PickDay';
import { LitterPuppies } from '../../features/puppies/admin/LitterPuppies';
import { ReservedBy } from '../../features/sales/admin/ReservedBy';
import { SaleSection } from '../../features/sales/admin/SaleSection';
import { SitePage } from '../../features/site/admin/SitePage';
import { VisitsPage } from '../../features/visits/admin/VisitsPage';
import type { RouteId } from '../../shared/routes';
import { createQueryClient } from '../data/query-client';
import { recheckSignedInUser } from './current-user';
import { Dashboard } from './dashboard/Dashboard';
import { type AdminSlots, AdminSlotsContext } from './slots';

/** What each feature shows on another's screen (slots.ts). */
const slots: AdminSlots = {
  InquiryNotice: NoticeStatus,
  InquirySale: SaleSection,
  InquiryApplication: ApplicationSection,
  LitterUpdates: LitterUpdatesCard,
  InquiryAskToApply: AskToApply,
  PuppyReservedBy: ReservedBy,
  FamilyQuestions,
  FamilyPage: FamilySection,
  ReservationContract: ContractSection,
  LitterPickDay: PickDay,
  LitterPuppies,
};

function screen(route: RouteId) {
  if (route === 'login') return html`<${LoginPage} />`;
  if (route === 'litters') return html`<${LittersPage} />`;
  if (route === 'application') return html`<${QuestionsPage} />`;
  if (route === 'visits') return html`<${VisitsPage} />`;
  if (route === 'site') return html`<${SitePage} />`;
  if (route === 'contracts') return html`<${ContractsPage} />`;
  if (route === 'account') return html`<${AccountPage} />`;
  return html`<${Dashboard} />`;
}

/**
 * The admin screens: one lazily loaded chunk (with its styles), so visitors of the public page
 * download none of it. The server renders no user data here; the browser asks /api/user.
 */
export default function AdminScreens({ route }: { route: RouteId }) {
  // One client for the life of the page: moving from the login page to the dashboard keeps it.
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized: recheckSignedInUser }));
  return html`<${QueryClientProvider} client=${queryClient}>
    <${AdminSlotsContext.Provider} value=${slots}>${screen(route)}<//>
  <//>`;
}
