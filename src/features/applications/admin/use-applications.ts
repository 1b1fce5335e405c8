import { useQuery } from '@tanstack/react-query';
import type { ApplicationView, QuestionSet } from '../applications';

export const applicationsApiPaths = {
  questions: '/api/application',
  of: (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}/application`,
  approve: (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}/application/approve`,
  decline: (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}/application/decline`,
  ask: (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}/application/ask`,
} as const;

export function useQuestions() {
  return useQuery<QuestionSet>({
    queryKey: [applicationsApiPaths.questions],
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useApplication(inquiryId: string) {
  return useQuery<ApplicationView>({
    queryKey: [applicationsApiPaths.of(inquiryId)],
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
