import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { html } from 'htm/react';
import * as alertStyles from '../../../ui/admin/Alert.css';
import * as card from '../../../ui/admin/Card.css';
import { Button } from '../../../ui/components/Button';
import * as buttons from '../../../ui/components/Button.css';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import type { BackupStatus } from '../backup';
import * as styles from './BackupCard.css';
import { backupText } from './backup-text';

const BACKUP_KEY = ['/api/backup'] as const;

/**
 * The dashboard's backups: one line (when, how big, where), a warning when the last one failed
 * or is too old (with the reason), "Download backup" (a plain link: the browser streams the file
 * to disk) and "Back up now".
 */
export function BackupCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery<BackupStatus>({
    queryKey: BACKUP_KEY,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
  const now = useMutation({
    mutationFn: () => apiRequest<BackupStatus>('POST', '/api/backup'),
    onSuccess: (data) => {
      queryClient.setQueryData(BACKUP_KEY, data);
      if (data.last)
        toast({
          title: backupText.doneTitle,
          description: backupText.last(data.last.time, data.last.size, data.last.where),
        });
    },
    onError: (error) => {
      toast({ title: backupText.failedTitle, description: error.message, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: BACKUP_KEY });
    },
  });
  const data = status.data;
  return html`<section className=${card.card} aria-labelledby="backups-title" data-testid="backups">
    <div className=${card.header}>
      <div>
        <h2 id="backups-title" className=${card.title}>${backupText.title}</h2>
        ${
          data &&
          html`<p className=${`${card.description} ${styles.line}`} data-testid="backup-line">
            ${data.last ? backupText.last(data.last.time, data.last.size, data.last.where) : backupText.none(data.next)}
            ${data.last ? ` ${backupText.next(data.next)}` : ''}
          </p>`
        }
      </div>
      <div className=${styles.actions}>
        <a href="/api/backup/download" download className=${`${buttons.button.dark} ${buttons.compact}`}>
          ${backupText.download}
        </a>
        <${Button} variant="outline" compact pending=${now.isPending} onClick=${() => now.mutate()}>
          ${backupText.now}
        <//>
      </div>
    </div>
    ${
      data?.warning &&
      html`<div className=${`${alertStyles.alert} ${styles.warning}`} role="alert" data-testid="backup-warning">
        <p className=${alertStyles.title}>${backupText.warningTitle}</p>
        <p>${data.warning}</p>
      </div>`
    }
  </section>`;
}
