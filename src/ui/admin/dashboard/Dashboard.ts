import { useMutation, useQueryClient } from '@tanstack/react-query';
import { html } from 'htm/react';
import { AccountLink } from '../../../features/account/admin/AccountLink';
import { ApplicationLink } from '../../../features/applications/admin/ApplicationLink';
import { BackupCard } from '../../../features/backup/admin/BackupCard';
import { ContractsLink } from '../../../features/contracts/admin/ContractsLink';
import { InquiriesCard } from '../../../features/inbox/admin/InquiriesCard';
import { LittersLink } from '../../../features/litters/admin/LittersLink';
import { NoticeAlert } from '../../../features/notices/admin/NoticeAlert';
import { SalesOverviewLine } from '../../../features/sales/admin/SalesOverviewLine';
import { WaitlistCard } from '../../../features/sales/admin/WaitlistCard';
import { SiteLink } from '../../../features/site/admin/SiteLink';
import { VisitsLink } from '../../../features/visits/admin/VisitsLink';
import type { PublicUser } from '../../../shared/api';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/Button';
import { useToast } from '../../components/Toast';
import { apiRequest } from '../../data/http';
import { useRouter } from '../../router';
import * as page from '../AdminPage.css';
import { dashboardText } from '../admin-text';
import { USER_KEY } from '../current-user';
import { INQUIRIES_KEY } from '../queries';
import { RequireUser } from '../RequireUser';
import { CertificateAlert } from './CertificateAlert';
import * as styles from './Dashboard.css';

/** /admin, protected: the dashboard of the signed-in user. */
export function Dashboard() {
  return html`<${RequireUser} page=${(user: PublicUser) => html`<${SignedInDashboard} user=${user} />`} />`;
}

function SignedInDashboard({ user }: { user: PublicUser }) {
  const { navigate } = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();

  const logout = useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      toast({ title: dashboardText.logoutTitle, description: dashboardText.logoutText });
      navigate(paths.login);
      queryClient.setQueryData(USER_KEY, null);
      // The inquiries are private: nothing of them stays in this tab's memory.
      queryClient.removeQueries({ queryKey: INQUIRIES_KEY });
    },
    onError: (error) => {
      toast({ title: dashboardText.logoutFailed, description: error.message, variant: 'destructive' });
    },
  });

  return html`<main className=${page.page}>
    <div className=${page.container}>
      <nav aria-label=${dashboardText.breadcrumb} className=${styles.breadcrumb}>
        <ol className=${styles.crumbs}>
          <li><a href=${paths.landing}>${dashboardText.home}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li aria-current="page">${dashboardText.admin}</li>
        </ol>
      </nav>
      <header className=${styles.header}>
        <h1 className=${styles.title}>${dashboardText.title}</h1>
        <div className=${styles.account}>
          <div className=${styles.who}>
            <span className=${styles.role}>${dashboardText.role}</span>
            <span className=${styles.username}>${user.username}</span>
          </div>
          <${AccountLink} />
          <${Button} variant="outline" compact pending=${logout.isPending} onClick=${() => logout.mutate()}>
            ${dashboardText.logout}
          <//>
        </div>
      </header>
      <${SalesOverviewLine} />
      <${CertificateAlert} />
      <${NoticeAlert} />
      <${InquiriesCard} />
      <${WaitlistCard} />
      <${LittersLink} />
      <${ApplicationLink} />
      <${VisitsLink} />
      <${SiteLink} />
      <${ContractsLink} />
      <${BackupCard} />
    </div>
  </main>`;
}
