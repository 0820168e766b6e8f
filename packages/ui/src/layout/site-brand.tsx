import { AppLink } from '@formwerk/platform';

type SiteBrandProps = {
  /** The route name of the home page the logo leads to (`index` on the public site, `v1` signed in). */
  home: string;
  /** The product's name beside the logo. */
  name: string;
};

/** The logo and the product's name, linking home: the first thing of every header of the site. */
export function SiteBrand({ home, name }: SiteBrandProps) {
  return (
    <AppLink to={home} className="ui-header__brand">
      <span className="ui-header__logo" aria-hidden="true">
        F
      </span>
      <span className="ui-header__brand-name">{name}</span>
    </AppLink>
  );
}
