import { Route, Routes } from 'react-router';
import { AccountDetail } from './AccountDetail.tsx';
import { AccountList } from './AccountList.tsx';
import { NewAccount } from './NewAccount.tsx';

/** /staff/accounts/*: the list, a new account, one account with its users. */
export default function AccountsSection() {
  return (
    <Routes>
      <Route index element={<AccountList />} />
      <Route path="new" element={<NewAccount />} />
      <Route path=":acctnum" element={<AccountDetail />} />
    </Routes>
  );
}
