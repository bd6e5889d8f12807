import { Outlet } from '@remix-run/react';
import { SettingsTabs } from '~/components/admin/settings/SettingsTabs';

/** /admin/settings: what the site does on her behalf (mail, its address, the private case studies' password, her time zone), each section a page of its own. */
export default function OwnerSettings() {
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        Your e-mail, your address on the web, the password of your private case studies and your time zone. What you set here works at once,
        with no new deploy.
      </p>
      <SettingsTabs />
      <div className="mt-8">
        <Outlet />
      </div>
    </>
  );
}
