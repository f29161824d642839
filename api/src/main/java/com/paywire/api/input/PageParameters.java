package com.paywire.api.input;

import com.paywire.domain.InvalidInputException;

/** A listing's page parameters: the page from 1, its size from 1 to the listing's most; refused naming the parameter. */
public final class PageParameters {

    private PageParameters() {
    }

    /** @throws InvalidInputException naming the first parameter out of range, under the name the client sent */
    public static void check(String pageName, int page, String pageSizeName, int pageSize, int maxPageSize) {
        if (page < 1) {
            throw InvalidInputException.of(null, pageName, "The " + pageName + " starts at 1.");
        }
        if (pageSize < 1 || pageSize > maxPageSize) {
            throw InvalidInputException.of(null, pageSizeName,
                    "The " + pageSizeName + " is 1 to " + maxPageSize + ".");
        }
    }
}
