import { z } from 'zod'
import { idField, longTextField, nameField, timestampFields } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { departmentField, departmentNameField } from './department'
import {
  message,
  optionalEmail,
  optionalMobile,
  optionalPassword,
  optionalText,
  optionalUserName,
  optionCode,
  reference,
} from './field-rules'

export const USER_STATUS = optionsOf('users', 'status', { 0: 'cancelled', 1: 'effective', 2: 'stopped' })

const coordinate = (limit: number) =>
  z
    .union([z.null(), z.literal(''), z.coerce.number(message('numeric'))])
    .refine((v) => v === null || v === '' || Math.abs(v) <= limit, message('numeric'))
    .transform((v) => (v === '' || v === null ? null : v))

/** Ordinary users (SPEC §3 "Users"); the password is write-only and stored as an argon2id hash. */
export const userResource = defineResource({
  name: 'users',
  fields: {
    id: idField,
    uname: {
      type: 'string',
      input: 'text',
      rule: optionalUserName(),
      default: '',
      list: true,
      filter: 'like',
    },
    name: nameField(50),
    nickname: { type: 'string', input: 'text', rule: optionalText(50), default: '', list: true },
    avatar: { type: 'string', input: 'image', rule: optionalText(255), default: '', list: true },
    email: { type: 'string', input: 'text', rule: optionalEmail(), default: '', list: true, filter: 'like' },
    mobile_phone: {
      type: 'string',
      input: 'text',
      rule: optionalMobile(),
      default: '',
      list: true,
      filter: 'like',
    },
    password: { type: 'string', input: 'password', rule: optionalPassword(), default: '', writeOnly: true },
    department_id: { ...departmentField, bulk: true },
    department_name: departmentNameField,
    status: {
      bulk: true,
      type: 'integer',
      input: 'radio',
      rule: optionCode(USER_STATUS),
      default: 1,
      options: USER_STATUS,
      list: true,
      sortable: true,
      filter: 'in',
    },
    description: longTextField,
    signature: { type: 'string', input: 'text', rule: optionalText(255), default: '' },
    province_id: {
      type: 'integer',
      input: 'select',
      rule: reference(),
      default: 0,
      options: { resource: 'areas' },
      filter: 'equals',
    },
    city_id: {
      type: 'integer',
      input: 'select',
      rule: reference(),
      default: 0,
      options: { resource: 'areas' },
    },
    zone_id: {
      type: 'integer',
      input: 'select',
      rule: reference(),
      default: 0,
      options: { resource: 'areas' },
    },
    province_name: { type: 'string' },
    city_name: { type: 'string' },
    zone_name: { type: 'string' },
    address: { type: 'string', input: 'text', rule: optionalText(255), default: '' },
    lng: { type: 'number', nullable: true, input: 'number', rule: coordinate(180), default: null },
    lat: { type: 'number', nullable: true, input: 'number', rule: coordinate(90), default: null },
    email_verified_at: { type: 'datetime', nullable: true },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['uname', 'name', 'nickname', 'email', 'mobile_phone'] } },
  sections: [
    {
      name: 'account',
      fields: [
        'uname',
        'name',
        'nickname',
        'email',
        'mobile_phone',
        'password',
        'department_id',
        'status',
        'avatar',
      ],
    },
    { name: 'profile', fields: ['signature', 'description'] },
    { name: 'address', fields: ['province_id', 'city_id', 'zone_id', 'address', 'lng', 'lat'] },
  ],
})

export type TUser = RecordOf<typeof userResource.fields>
