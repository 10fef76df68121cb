import type { MenuSeed } from './menu-seed'

const home = (seed: MenuSeed): MenuSeed => ({ group: 'home', ...seed })

/** The home module of a logged-in user. */
export const HOMEPAGE_MENU: MenuSeed = home({
  id: 3,
  name: 'Homepage',
  description: 'Home module',
  icons: 'fa-user',
  url: '/home/index',
  method: ['get'],
  page: true,
  display: true,
  children: [
    home({
      id: 139,
      name: 'Personal data',
      icons: 'fa-heart',
      url: '/home/personage/index',
      method: ['get'],
      page: true,
      display: true,
      children: [
        home({
          id: 140,
          name: 'Submit and edit personal data',
          icons: 'fa-lock',
          url: '/home/personage/index',
          method: ['post'],
          action: 'PersonageController@postIndex',
        }),
      ],
    }),
    // Not in the original catalogue; its PUT (78) moves under it, as the admin password page's does.
    home({
      id: 164,
      name: 'Change Password',
      icons: 'fa-lock',
      url: '/home/personage/password',
      method: ['get'],
      page: true,
      display: true,
      children: [
        home({
          id: 78,
          name: 'Submit to edit to change password',
          icons: 'fa-lock',
          url: '/home/personage/password',
          method: ['put'],
          action: 'PersonageController@putPassword',
        }),
      ],
    }),
    // Account security (ids 410-412): two-factor login and the user's own sessions.
    home({
      id: 410,
      name: 'Account security',
      description: 'Two-factor login and the devices logged in to my account',
      icons: 'fa-shield',
      url: '/home/personage/security',
      method: ['get'],
      page: true,
      display: true,
      children: [
        home({
          id: 411,
          name: 'Two-factor login',
          description: 'Set up, turn on or turn off my authenticator app',
          icons: 'fa-mobile',
          url: '/home/personage/totp',
          method: ['post', 'put', 'delete'],
        }),
        home({
          id: 412,
          name: 'My sessions',
          description: 'The devices logged in to my account; end the others',
          icons: 'fa-desktop',
          url: '/home/personage/sessions',
          method: ['get', 'delete'],
        }),
      ],
    }),
    home({
      id: 141,
      name: 'File upload',
      icons: 'fa-upload',
      url: '/home/upload/index',
      method: ['post'],
      action: 'UploadController@postIndex',
    }),
    home({
      id: 163,
      name: 'Gaode search location',
      description: 'Gaode keyword search and positioning',
      icons: 'fa-map-pin',
      url: '/home/map/search-amap',
      method: ['get'],
      action: 'MapController@searchAmap',
      as: 'home_map_search_amap',
      children: [
        home({
          id: 350,
          name: 'Map picker settings',
          description: 'The map provider and browser key of a coordinate picker',
          icons: 'fa-map',
          url: '/home/map/config',
          method: ['get'],
        }),
        home({
          id: 351,
          name: 'Region levels',
          description: 'The regions inside a region, for the province / city / district cascader',
          icons: 'fa-map-signs',
          url: '/home/map/regions',
          method: ['get'],
        }),
      ],
    }),
    // The user's own API client applications (ids 345-347); their pages are /open/apps.
    home({
      id: 345,
      name: 'My apps',
      description: 'My API client applications: list and create',
      icons: 'fa-plug',
      url: '/home/apps',
      method: ['get', 'post'],
      children: [
        home({
          id: 346,
          name: 'My app',
          description: 'Show, edit or delete one of my apps',
          icons: 'fa-edit',
          url: '/home/apps/{id}',
          method: ['get', 'put', 'delete'],
        }),
        home({
          id: 347,
          name: 'Rotate app secret',
          description: 'A new secret for my app; its tokens end',
          icons: 'fa-refresh',
          url: '/home/apps/{id}/secret',
          method: ['post'],
        }),
      ],
    }),
    // The inbox of the message centre: ids 316-318.
    home({
      id: 316,
      name: 'My messages',
      description: 'The messages written to me',
      icons: 'fa-envelope',
      url: '/home/messages',
      method: ['get'],
      page: true,
      display: true,
      children: [
        home({
          id: 317,
          name: 'Message details',
          icons: 'fa-envelope-open',
          url: '/home/messages/{id}',
          method: ['get'],
          page: true,
        }),
        home({
          id: 318,
          name: 'Mark messages read',
          icons: 'fa-check',
          url: '/home/messages/read',
          method: ['post'],
        }),
      ],
    }),
    // Each user's own settings of the resource lists (columns, density, saved views): ids 360-361.
    home({
      id: 360,
      name: 'My list settings',
      description: 'The columns, density and saved views of a list, for me',
      icons: 'fa-columns',
      url: '/home/list-settings/{resource}',
      method: ['get'],
      children: [
        home({
          id: 361,
          name: 'Save my list settings',
          icons: 'fa-save',
          url: '/home/list-settings/{resource}',
          method: ['put'],
        }),
      ],
    }),
  ],
})
