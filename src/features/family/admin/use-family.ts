import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reasonOf } from '../../../ui/admin/request-errors';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import { type FamilySettings, type FamilyState, familyApi } from '../family';
import { familyText } from './family-text';

/** The family page's state of one inquiry (fresh each time the details open). */
export function useFamily(inquiryId: string) {
  return useQuery<FamilyState>({
    queryKey: [familyApi.family(inquiryId)],
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** A change of the family page: answered with its state as stored, shown at once. */
export function useFamilyChange(inquiryId: string, toastTitle: string = familyText.saved) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ method = 'POST', url, body }: { method?: 'POST' | 'PUT'; url: string; body?: unknown }) =>
      apiRequest<FamilyState>(method, url, body ?? {}),
    onSuccess: (answer) => {
      queryClient.setQueryData([familyApi.family(inquiryId)], (before: FamilyState | undefined) =>
        // The link's address comes only in the answer that made it: kept until another change.
        answer.url || !before?.url || !answer.link?.active ? answer : { ...answer, url: before.url },
      );
      toast({ title: toastTitle });
    },
    onError: (error) =>
      toast({ title: familyText.failed, description: reasonOf(error), variant: 'destructive' }),
  });
}

export function useFamilySettings() {
  return useQuery<FamilySettings>({ queryKey: [familyApi.settings], staleTime: 0 });
}

/** Saves her settings for every family page; the cached settings follow. */
export function useFamilySettingsSave() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (settings: FamilySettings) => {
    const saved = await apiRequest<FamilySettings>('PUT', familyApi.settings, settings);
    queryClient.setQueryData([familyApi.settings], saved);
    toast({ title: familyText.saved });
    return saved;
  };
}
