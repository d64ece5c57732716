/** @jest-environment node */
import { pageMetadata, SITE } from "@/lib/site";

describe("pageMetadata", () => {
  it("gives a page its title, description, canonical URL, Open Graph and Twitter card", () => {
    const meta = pageMetadata({ title: "FAQ", description: "Answers.", path: "/faq" });
    expect(meta.title).toBe("FAQ");
    expect(meta.description).toBe("Answers.");
    expect(meta.alternates?.canonical).toBe("/faq");
    expect(meta.openGraph).toMatchObject({ url: "/faq", title: `FAQ · ${SITE.name}`, description: "Answers.", siteName: SITE.name });
    expect(meta.twitter).toMatchObject({ card: "summary_large_image", title: `FAQ · ${SITE.name}`, description: "Answers.", images: ["/og.png"] });
  });

  it("shows the blog's own picture on shared links of the blog", () => {
    const meta = pageMetadata({ title: "Blog", description: "Posts.", path: "/blog/some-post" });
    expect(meta.openGraph?.images).toEqual([expect.objectContaining({ url: "/og-blog.png" })]);
  });

  it("can bypass the site-name template for the home page", () => {
    expect(pageMetadata({ title: "Home", description: "d", path: "/", absoluteTitle: true }).title).toEqual({ absolute: "Home" });
  });
});
