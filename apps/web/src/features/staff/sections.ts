import type { BackOfficeSection } from '@mitrebox/domain';
import type { ComponentType } from 'react';

/**
 * THE REGISTRY OF BACK-OFFICE SCREENS. A section is a lazily loaded screen at /staff/{path}/* — the
 * component may declare its own sub-screens with <Routes> (relative paths: 'new', ':id'). It appears in the
 * side navigation for the roles that may read its section (the role matrix, @mitrebox/domain staff-roles.ts,
 * which the API enforces); a screen hides a change its role may not make (useStaffMay). Sections live in
 * ./sections/<name>/ (a web feature never imports another feature, so the whole back office is this one
 * feature); they call the API with `staffCall` (./staff-api.ts) and build their tables with <DataTable>
 * (./components/DataTable.tsx).
 */
export interface StaffSection {
  /** URL segment under /staff: the section's name in the role matrix */
  path: BackOfficeSection;
  /** navigation label */
  label: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const STAFF_SECTIONS: StaffSection[] = [
  {
    path: 'accounts',
    label: 'Accounts',
    load: () => import('./sections/accounts/AccountsSection.tsx'),
  },
  {
    path: 'catalogue',
    label: 'Catalogue',
    load: () => import('./sections/catalogue/CatalogueSection.tsx'),
  },
  {
    path: 'erp-keys',
    label: 'ERP keys',
    load: () => import('./sections/erp-keys/ErpKeysSection.tsx'),
  },
  {
    path: 'pages',
    label: 'Pages and settings',
    load: () => import('./sections/pages/PagesSection.tsx'),
  },
  {
    path: 'careers',
    label: 'Careers',
    load: () => import('./sections/careers/CareersSection.tsx'),
  },
  {
    path: 'documents',
    label: 'Documents',
    load: () => import('./sections/documents/DocumentsSection.tsx'),
  },
  {
    path: 'dealers',
    label: 'Dealers',
    load: () => import('./sections/dealers/DealersSection.tsx'),
  },
  {
    path: 'messages',
    label: 'Contact messages',
    load: () => import('./sections/messages/MessagesSection.tsx'),
  },
  {
    path: 'audit',
    label: 'Audit log',
    load: () => import('./sections/audit/AuditSection.tsx'),
  },
  {
    // every account's invoices with their card payments; refund and void for admin and accounting
    path: 'invoices',
    label: 'Invoices & payments',
    load: () => import('./sections/money/MoneySection.tsx'),
  },
  {
    // who owes what by days past due, across accounts; CSV export (accounting and admin)
    path: 'aging',
    label: 'Aging',
    load: () => import('./sections/aging/AgingSection.tsx'),
  },
  {
    path: 'orders',
    label: 'Orders',
    load: () => import('./sections/orders/OrdersSection.tsx'),
  },
  {
    // cut-off times, ship days, holidays and truck routes (admin changes them, sales read)
    path: 'shipping',
    label: 'Shipping',
    load: () => import('./sections/shipping/ShippingSection.tsx'),
  },
  {
    path: 'staff-users',
    label: 'Staff users',
    load: () => import('./sections/staff-users/StaffUsersSection.tsx'),
  },
];
