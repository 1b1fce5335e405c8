import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { InquirySale, InquiryStatus } from '../../shared/sales';
import type { AdminPuppy } from './queries';

/**
 * Where one feature's admin screen shows a piece of another's: the inbox's details show the
 * inquiry's notice, sale, application and the family's questions, the sale the family page and
 * the contract, a litter its puppies, its families' updates and its pick day, a puppy who
 * reserved her. The screens name the places; AdminScreens.ts fills them with the features'
 * components, so no feature imports another's screens.
 */
export interface AdminSlots {
  /** In an inquiry's details: how her notice is doing. */
  InquiryNotice: ComponentType<{ inquiryId: string }>;
  /** In an inquiry's details: where the sale stands, the notes, the reservation. */
  InquirySale: ComponentType<{ inquiryId: string; sale: InquirySale; onChange: (sale: InquirySale) => void }>;
  /** In an application's details: its answers, "Approve" and "Decline" (issue 29). */
  InquiryApplication: ComponentType<{ inquiryId: string; onStatus: (status: InquiryStatus) => void }>;
  /** In a litter's card on /admin/litters: the updates to its families (issue 28). */
  LitterUpdates: ComponentType<{ litterId: string; litterName: string }>;
  /** In any other inquiry's details: "Ask to apply" (issue 29). */
  InquiryAskToApply: ComponentType<{ inquiryId: string; onStatus: (status: InquiryStatus) => void }>;
  /** Beside an available puppy: who reserved her. */
  PuppyReservedBy: ComponentType<{ puppyId: string }>;
  /** In an inquiry's details: the questions the family asked from their page. */
  FamilyQuestions: ComponentType<{ inquiryId: string }>;
  /** In an inquiry's sale: the family page (its link, money, go-home day). */
  FamilyPage: ComponentType<{ inquiryId: string }>;
  /** In a reservation: its sales agreement ("Send contract", signatures, the PDF). */
  ReservationContract: ComponentType<{ inquiryId: string; reservationId: string; canSend: boolean }>;
  /** On a born litter's card: pick day (issue 29). */
  LitterPickDay: ComponentType<{ litterId: string; litterName: string }>;
  /** On a litter's card: its puppies with their actions, "Add puppy" and their dialogs (issue 27). */
  LitterPuppies: ComponentType<{
    litterId: string;
    titleId: string;
    puppies: AdminPuppy[];
    lists: boolean;
    canAdd: boolean;
    children?: ReactNode;
  }>;
}

const nothing = () => null;

export const AdminSlotsContext = createContext<AdminSlots>({
  InquiryNotice: nothing,
  InquirySale: nothing,
  InquiryApplication: nothing,
  LitterUpdates: nothing,
  InquiryAskToApply: nothing,
  PuppyReservedBy: nothing,
  FamilyQuestions: nothing,
  FamilyPage: nothing,
  ReservationContract: nothing,
  LitterPickDay: nothing,
  LitterPuppies: nothing,
});

export const useAdminSlots = () => useContext(AdminSlotsContext);
