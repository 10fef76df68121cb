/**
 * The user agreement and privacy policy an installation starts with (registration asks to agree to
 * the first), in English as stored, without a heading (the page shows the document's name); `i18n/seeded/<language>.json` answers them in the reader's
 * language until an administrator edits them in the settings.
 */
export const DEFAULT_USER_AGREEMENT = `By registering an account you accept this agreement. Please read it carefully.

## 1. The service

This site is the back office of an insurance brokerage. It lets staff and registered users look up insurance companies and products and manage the records they are responsible for. Product information is shown for reference; the policy documents issued by the insurer are what binds.

## 2. Your account

- Give true and complete information when you register, and keep it up to date.
- Keep your password and verification codes to yourself: you are responsible for what is done with your account.
- Tell us at once if you think someone else has used your account.

## 3. Use of the site

Do not use the site to break the law, to reach data you have not been given access to, to disturb its operation, or to pass on product information in a misleading way.

## 4. Records

What you enter is recorded, with an operation log, so that the records stay accurate and traceable. How we handle personal data is described in the privacy policy.

## 5. Changes and closing an account

We may change the service or this agreement and announce the changes on the site. We may suspend an account that breaks this agreement. You may ask for your account to be closed at any time.

## 6. Contact

Questions about this agreement can be sent through the contact page of this site.
`

export const DEFAULT_PRIVACY_POLICY = `This policy explains which personal data this site keeps, why, and what you can do about it.

## What we keep

- Account data: user name, name, e-mail address and mobile number.
- The records you create or change, with the time and the operation log.
- Technical data kept for security: IP address, browser and the times of log-ins.

## Why

To provide the service, to keep your account secure, to meet the record-keeping duties of an insurance brokerage and to answer your requests. We do not use your data for advertising and do not sell it.

## Who sees it

Only staff whose role requires it. Data is passed to an insurer or an authority only where a service you asked for needs it or the law requires it.

## How long

Account data as long as your account exists; operation logs for the period the administrator sets. After that they are deleted or made anonymous.

## Security

Passwords are stored only as hashes, and access to data is limited by role and recorded.

## Your rights

You can see and correct your data in the personal centre, and ask for a copy or for deletion through the contact page.

## Changes

Changes to this policy are published on this page with the date of the update.
`
